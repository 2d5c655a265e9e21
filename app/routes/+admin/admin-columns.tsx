import type { ComponentProps, ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { AdminTime, type AdminColumn } from "./admin-table";

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

/** A person in a cell: the name, and the email under it (long addresses wrap). */
export function PersonCell({ person }: { person: { name: string; email: string } }) {
  return (
    <CellLines main={person.name} sub={person.email} mainClassName="" subClassName="break-all" />
  );
}

/** A column naming a person: the name, and the email under it (long addresses wrap). */
export function personColumn<Row>(
  header: string,
  personOf: (row: Row) => { name: string; email: string },
): AdminColumn<Row> {
  return {
    header,
    cell: (row) => <PersonCell person={personOf(row)} />,
  };
}

/** The row actions (Edit, Update, Delete), pinned to the table's right edge. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): AdminColumn<Row> {
  return { header: "Actions", pinned: true, cell };
}

/**
 * The row actions of a row that can still be acted on (`open`), or a quiet word where it is
 * settled ('Closed', 'Decided').
 */
export function actionsWhileOpen<Row>(
  open: (row: Row) => boolean,
  cell: (row: Row) => ReactNode,
  settled: string,
): AdminColumn<Row> {
  return actionsColumn((row) =>
    open(row) ? cell(row) : <span className="text-muted-foreground text-xs">{settled}</span>,
  );
}

/** An amount column: '$1,234.50', right-aligned. */
export function centsColumn<Row>(header: string, cents: (row: Row) => number): AdminColumn<Row> {
  return { header, cell: (row) => formatCents(cents(row)), numeric: true };
}

/** A count column: '1,234' (en-US grouping), right-aligned. */
export function countColumn<Row>(header: string, count: (row: Row) => number): AdminColumn<Row> {
  return { header, cell: (row) => count(row).toLocaleString("en-US"), numeric: true };
}

/** A time column ({@link AdminTime}): date and time, or the date alone with `dateOnly`. */
export function timeColumn<Row>(
  header: string,
  time: (row: Row) => Date | string | null,
  dateOnly = false,
): AdminColumn<Row> {
  return { header, cell: (row) => <AdminTime value={time(row)} dateOnly={dateOnly} /> };
}

/**
 * A column of an email address (long ones break anywhere), or `missing` for a deleted account
 * ('(deleted)').
 */
export function emailColumn<Row>(
  header: string,
  email: (row: Row) => string | null,
  missing = "(deleted)",
): AdminColumn<Row> {
  return { header, cell: (row) => <span className="break-all">{email(row) ?? missing}</span> };
}

/** A column of two-line cells ({@link CellLines}): `lines` gives each row's main and sub line. */
export function linesColumn<Row>(
  header: string,
  lines: (row: Row) => { main: ReactNode; sub: ReactNode },
  style: Omit<ComponentProps<typeof CellLines>, "main" | "sub"> = {},
): AdminColumn<Row> {
  return { header, cell: (row) => <CellLines {...lines(row)} {...style} /> };
}

/**
 * A cell of two lines: `main` over a smaller, muted `sub` (a name over its category and id).
 * `className` sizes the block (`max-w-64`); `mainClassName` and `subClassName` style each line
 * (the main line is bold and wraps long words by default).
 */
export function CellLines({
  main,
  sub,
  className,
  mainClassName = "font-medium break-words",
  subClassName,
}: {
  main: ReactNode;
  sub: ReactNode;
  className?: string;
  mainClassName?: string;
  subClassName?: string;
}) {
  return (
    <span className={cn("block", className)}>
      <span className={cn("block", mainClassName)}>{main}</span>
      <span className={cn("text-muted-foreground block text-xs", subClassName)}>{sub}</span>
    </span>
  );
}

/** A dash for a missing value in a cell. */
export const NONE = <span className="text-muted-foreground">—</span>;
