import type { ReactNode } from "react";

/** One column heading of a {@link ColumnHeads} row: its text and the classes of its cell. */
export type ColumnHead = { label: ReactNode; className: string; key?: string };

/**
 * A table's head: one row (`className`) of column headings (`th scope="col"`), in order. The
 * heading text is the React key unless the column gives a `key`.
 */
export function ColumnHeads({
  className,
  columns,
}: {
  className: string;
  columns: readonly ColumnHead[];
}) {
  return (
    <thead>
      <tr className={className}>
        {columns.map((column, index) => (
          <th
            key={column.key ?? (typeof column.label === "string" ? column.label : index)}
            scope="col"
            className={column.className}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
