import type { ReactNode } from "react";

/**
 * A table with a caption and one row of column headers (`columns`, each `scope="col"`), its
 * body rows given as `children`. `classes` styles the table, the caption, the head and each
 * header (by column index); unstyled by default.
 */
export function HeadedTable({
  caption,
  columns,
  classes = {},
  children,
}: {
  caption: string;
  columns: readonly string[];
  classes?: {
    table?: string;
    caption?: string;
    head?: string;
    header?: (column: number) => string;
  };
  children: ReactNode;
}) {
  return (
    <table className={classes.table}>
      <caption className={classes.caption}>{caption}</caption>
      <thead className={classes.head}>
        <tr>
          {columns.map((column, i) => (
            <th key={column} scope="col" className={classes.header?.(i)}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
