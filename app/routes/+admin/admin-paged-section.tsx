import type { ReactNode } from "react";
import type { Paged } from "~/.server/policy/paging";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, type AdminColumn } from "./admin-table";
import { AdminPagination } from "./pagination";

/**
 * The section of an /admin tab that lists one page of a search (docs/product/administration.md:
 * each tab is a table with a titled total): the heading 'Orders (1,234)' with `data.total`, a
 * line under it, the search box ('Search orders', from `caption`), the table and its pagination
 * ('Orders pages').
 *
 * - `search`: the search box's placeholder; leave out for a tab without a search.
 * - `tools`: controls beside the search box ('New event'); `actions` replaces both.
 * - `noun` names the rows in the empty line ('No orders match "ada".', from `caption` in lower
 *   case) and `emptyLabel` is that line without a search ('No orders yet.' by default).
 * - `children` stand between the controls and the table (a pack's pool).
 */
export function AdminPagedSection<Row extends { id: string | number }>({
  title,
  caption = title,
  description,
  search,
  tools,
  actions,
  noun = caption.toLowerCase(),
  emptyLabel = `No ${noun} yet.`,
  data,
  columns,
  children,
}: {
  title: string;
  /** The table's name (screen readers, the search label, the pagination); the title by default. */
  caption?: string;
  description?: ReactNode;
  search?: string;
  tools?: ReactNode;
  actions?: ReactNode;
  noun?: string;
  emptyLabel?: string;
  data: Paged<Row> & { q?: string };
  columns: AdminColumn<NoInfer<Row>>[];
  children?: ReactNode;
}) {
  const searchBox =
    search === undefined ? null : (
      <AdminSearch label={`Search ${caption.toLowerCase()}`} placeholder={search} />
    );
  return (
    <AdminSection
      title={title}
      total={data.total}
      description={description}
      actions={
        actions ??
        (tools === undefined ? (
          searchBox
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-3">
            {searchBox}
            {tools}
          </div>
        ))
      }
    >
      {children}
      <AdminTable
        caption={caption}
        rows={data.rows}
        rowKey={(row) => row.id}
        empty={data.q ? `No ${noun} match "${data.q}".` : emptyLabel}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label={`${caption} pages`} />
    </AdminSection>
  );
}

/**
 * A list shown whole, with no search and no pages ('Suspicious Activity': the newest 100), as
 * the one page an AdminPagedSection lists: its total is its length and no pagination shows.
 */
export function onePage<Row>(rows: Row[]): Paged<Row> {
  return { rows, total: rows.length, page: 1, pageCount: 1 };
}
