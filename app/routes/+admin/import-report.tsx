import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";
import { AdminTable } from "./admin-table";

/** The meta of an /admin import page: its title and description, kept out of search engines. */
export function importPageMeta(title: string, description: string): MetaDescriptor[] {
  return [...pageMeta(title, description), { name: "robots", content: "noindex" }];
}

/**
 * The report of a dry run or an import on an /admin import page (the slabs' CSV, the sales'
 * comps), line by line: a heading (`heading`), the counts in a status line (`summary`) and a
 * table of each line's number, `outcome` and `detail`, captioned 'What the import would do'
 * until the import is `written` ('What the import did').
 */
export function ImportReport<Line extends { line: number }>({
  heading,
  summary,
  written,
  lines,
  empty,
  outcome,
  detail,
}: {
  heading: string;
  summary: ReactNode;
  written: boolean;
  lines: readonly Line[];
  /** The table's line for a file without lines ('The file has no sales.'). */
  empty: string;
  outcome: (line: Line) => ReactNode;
  detail: (line: Line) => ReactNode;
}) {
  return (
    <section aria-labelledby="import-report" className="space-y-3">
      <h2 id="import-report" className="text-xl font-semibold tracking-tight">
        {heading}
      </h2>
      <p role="status" className="text-sm">
        {summary}
      </p>
      <AdminTable
        caption={written ? "What the import did" : "What the import would do"}
        rows={lines}
        rowKey={(line) => line.line}
        empty={empty}
        columns={[
          { header: "Line", numeric: true, cell: (line) => line.line },
          { header: "Outcome", cell: outcome },
          { header: "Detail", cell: detail },
        ]}
      />
    </section>
  );
}
