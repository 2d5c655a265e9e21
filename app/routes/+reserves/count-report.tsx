import type { CycleCount } from "~/.server/reserves/cycle-count";
import { Time } from "~/components/ui/time";
import { discrepanciesOf } from "~/lib/cycle-count";

type Row = { key: string; cells: string[] };

/** Rows of each list shown on the page (the stored report keeps up to REPORT_LIST_MAX). */
const SHOWN = 50;

function List({
  title,
  head,
  rows,
  total,
}: {
  title: string;
  head: string[];
  rows: Row[];
  total: number;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h4 className="font-medium">
        {title} ({total})
      </h4>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">None.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-surface-2">
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col" className="px-3 py-1.5 text-left">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, SHOWN).map((row) => (
                <tr key={row.key} className="border-t">
                  {row.cells.map((c, i) => (
                    <td key={i} className="px-3 py-1.5">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {total > SHOWN ? (
            <p className="text-muted-foreground border-t px-3 py-1.5 text-sm">
              Showing the first {SHOWN} of {total.toLocaleString("en-US")}.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** One stored count's result: the counts, then each list of its report. */
export function CountReport({
  count,
}: {
  count: Omit<CycleCount, "createdAt"> & { createdAt: Date | string };
}) {
  const { report } = count;
  return (
    <article
      aria-label={`Count ${count.id}`}
      className="bg-surface flex flex-col gap-4 rounded-xl border p-5"
    >
      <h3 className="font-semibold">
        Count #{count.id}, <Time value={count.createdAt} />,{" "}
        {count.bin === null ? "whole vault" : `bin ${count.bin}`} ({count.fileName}):{" "}
        {count.scanned.toLocaleString("en-US")} scanned,{" "}
        {discrepanciesOf(count).toLocaleString("en-US")} discrepancies
      </h3>
      <List
        title="Missing"
        head={["Grader", "Cert", "Bin", "State"]}
        total={count.missing}
        rows={report.missing.map((m) => ({
          key: `${m.grader}${m.cert}`,
          cells: [m.grader, m.cert, m.bin, m.state],
        }))}
      />
      <List
        title="Unexpected"
        head={["Line", "Grader", "Cert", "Why"]}
        total={count.unexpected}
        rows={report.unexpected.map((u) => ({
          key: String(u.line),
          cells: [String(u.line), u.grader, u.cert, u.reason],
        }))}
      />
      <List
        title="Wrong bin"
        head={["Line", "Grader", "Cert", "Scanned in", "Books say"]}
        total={count.wrongBin}
        rows={report.wrongBin.map((w) => ({
          key: String(w.line),
          cells: [String(w.line), w.grader, w.cert, w.scannedBin, w.bookBin],
        }))}
      />
      <List
        title="Lines left out"
        head={["Line", "Problem"]}
        total={count.badLines}
        rows={report.lineIssues.map((l) => ({
          key: String(l.line),
          cells: [String(l.line), l.message],
        }))}
      />
    </article>
  );
}
