import type { ReactNode } from "react";
import { HeadedTable } from "~/components/ui/headed-table";

/**
 * The table that stands in for a chart for screen readers (the drawing itself is aria-hidden):
 * its `caption`, one header per `columns` and the rows (`children`). Hidden by a wrapper: a
 * table ignores the 1 px height of sr-only and, positioned out of flow, lengthened the page by
 * its rows (blank space under the footer of /admin).
 */
export function ChartTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="sr-only">
      <HeadedTable caption={caption} columns={columns}>
        {children}
      </HeadedTable>
    </div>
  );
}
