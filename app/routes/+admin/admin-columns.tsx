import type { ReactNode } from "react";
import type { Paged } from "~/.server/policy/paging";
import { Badge } from "~/components/ui/badge";
import { AdminTable, type AdminColumn } from "./admin-table";
import { AdminPagination } from "./pagination";

/**
 * The badge tones of the /admin status columns, by where a row stands in its flow: waiting for
 * staff (pending), being handled (processing, reviewing), sent on (shipped, offer made) and
 * finished (delivered, accepted). A closed or refused row keeps the plain badge.
 */
export const STATUS_TONES = {
  waiting: "border-amber-500/50 bg-amber-400/15 text-foreground",
  handling: "border-sky-500/50 bg-sky-500/15 text-foreground",
  sent: "border-blue-500/50 bg-blue-500/15 text-foreground",
  finished: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
} as const;

/** A 'Status' column: the row's status as a badge with its label and tone. */
export function statusColumn<Row, S extends string>(
  statusOf: (row: Row) => S,
  labels: Record<S, string>,
  tones: Partial<Record<S, string>>,
): AdminColumn<Row> {
  return {
    header: "Status",
    cell: (row) => <Badge className={tones[statusOf(row)]}>{labels[statusOf(row)]}</Badge>,
  };
}

/** A column naming a person: the name, and the email under it (long addresses wrap). */
export function personColumn<Row>(
  header: string,
  personOf: (row: Row) => { name: string; email: string },
): AdminColumn<Row> {
  return {
    header,
    cell: (row) => {
      const { name, email } = personOf(row);
      return (
        <span className="block">
          <span className="block">{name}</span>
          <span className="text-muted-foreground block text-xs break-all">{email}</span>
        </span>
      );
    },
  };
}

/** The row actions (Edit, Update, Delete), pinned to the table's right edge. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): AdminColumn<Row> {
  return { header: "Actions", pinned: true, cell };
}

/** A dash for a missing value in a cell. */
export const NONE = <span className="text-muted-foreground">—</span>;

/**
 * The table of an /admin tab that lists one page of a search, and its pagination under it:
 * `noun` names the rows in the empty line ('No orders match "ada".', or `emptyLabel` without a
 * search) and the pagination ('Orders pages', from `caption`).
 */
export function AdminPagedTable<Row>({
  caption,
  noun,
  emptyLabel,
  data,
  rowKey,
  columns,
}: {
  caption: string;
  noun: string;
  emptyLabel: string;
  data: Paged<Row> & { q: string };
  rowKey: (row: Row) => string | number;
  columns: AdminColumn<Row>[];
}) {
  return (
    <>
      <AdminTable
        caption={caption}
        rows={data.rows}
        rowKey={rowKey}
        empty={data.q ? `No ${noun} match "${data.q}".` : emptyLabel}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label={`${caption} pages`} />
    </>
  );
}
