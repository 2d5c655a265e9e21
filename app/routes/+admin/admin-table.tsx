import { ArrowRight } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Time } from "~/components/ui/time";

/** One column of an {@link AdminTable}. */
export type AdminColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures (amounts, counts). */
  numeric?: boolean;
  /** Extra classes for the column's cells (`whitespace-nowrap`, a width). */
  className?: string;
  /**
   * Keep the column pinned to the right edge while the table scrolls sideways (row actions:
   * Edit and Delete stay in view on any width).
   */
  pinned?: boolean;
};

/**
 * A pinned column's cells: opaque (rows scroll under them) with a border on their left. From
 * 640 px only: on a phone the actions are as wide as the screen and hid every row's name.
 */
const PINNED =
  "sm:sticky sm:right-0 sm:z-10 sm:shadow-[inset_1px_0_0_var(--border)] sm:group-data-clipped:shadow-[inset_1px_0_0_var(--border),-10px_0_10px_-6px_rgb(0_0_0/0.45)]";

/**
 * Whether the region's table runs past its right edge (columns hidden until it scrolls
 * sideways): measured after hydration, again on every resize and scroll. False on the server.
 */
function useClippedRight() {
  const ref = useRef<HTMLDivElement>(null);
  const [clipped, setClipped] = useState(false);
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const measure = () =>
      setClipped(region.scrollLeft + region.clientWidth < region.scrollWidth - 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
    region.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      region.removeEventListener("scroll", measure);
    };
  }, []);
  return { ref, clipped };
}

/**
 * A titled block of an /admin tab (docs/product/administration.md: each tab is a table with a titled total):
 * an h2 'Users (1,234)', an optional line under it, optional controls (search, a 'Block'
 * form) and the table. The section is named by its heading.
 */
export function AdminSection({
  title,
  total,
  description,
  actions,
  children,
}: {
  title: string;
  /** Shown after the title in parentheses; leave out for a section without a count. */
  total?: number | string;
  description?: ReactNode;
  /** Controls between the heading and the table (an AdminSearch, a form). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="space-y-1">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
          {total !== undefined ? (
            <span className="text-muted-foreground font-normal">
              {" "}
              ({typeof total === "number" ? total.toLocaleString("en-US") : total})
            </span>
          ) : null}
        </h2>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {actions}
      {children}
    </section>
  );
}

/**
 * A data table of an /admin tab: a caption (read by screen readers), column headers and one row
 * per item, or `empty` in a single row. On a narrow screen the table scrolls sideways inside
 * its own focusable, named region instead of widening the page; `pinned` columns (row actions)
 * stay at its right edge. While columns hide to the right, a line above the table says
 * 'Scroll sideways for more columns' and the pinned column casts a shadow (or, without one,
 * the right edge fades).
 *
 * ```tsx
 * <AdminTable caption="Packs" rows={packs} rowKey={(p) => p.id} columns={[
 *   { header: "Name", cell: (p) => p.name },
 *   { header: "Price", cell: (p) => formatCents(p.priceCents), numeric: true },
 * ]} />
 * ```
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty = "Nothing to show.",
}: {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
}) {
  const { ref, clipped } = useClippedRight();
  const pinned = columns.some((column) => column.pinned);
  return (
    <div className="space-y-1.5">
      {/* The sign that columns hide to the right (at 1280 px some tables are wider). */}
      {clipped ? (
        <p className="text-muted-foreground flex items-center justify-end gap-1 text-xs">
          Scroll sideways for more columns
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={caption}
          data-clipped={clipped ? "" : undefined}
          // A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe
          // scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="group overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ring)]"
        >
          <table className="w-full min-w-max border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-2 text-left">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={cn(
                      "px-3 py-2 font-medium whitespace-nowrap",
                      column.numeric && "text-right",
                      column.pinned && cn(PINNED, "bg-surface-2"),
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td
                    colSpan={columns.length}
                    className="text-muted-foreground px-3 py-6 text-center"
                  >
                    {empty}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={rowKey(row)} className="border-t align-middle">
                    {columns.map((column) => (
                      <td
                        key={column.header}
                        className={cn(
                          "px-3 py-2",
                          column.numeric && "text-right tabular-nums",
                          column.pinned && cn(PINNED, "bg-background"),
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {clipped && !pinned ? (
          // Without a pinned column, the right edge fades out over the hidden columns.
          <div
            aria-hidden="true"
            className="from-background pointer-events-none absolute inset-y-px right-px w-10 rounded-r-lg bg-linear-to-l to-transparent"
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A time in a table cell, or a dash for none: 'Nov 1, 2026, 12:00 PM UTC' (`dateOnly`:
 * 'Nov 1, 2026'), in the viewer's zone once the page has hydrated ({@link Time}).
 */
export function AdminTime({
  value,
  dateOnly: onlyDate = false,
}: {
  value: Date | string | null;
  dateOnly?: boolean;
}) {
  if (value === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Time value={value} style={onlyDate ? "date" : "dateTime"} className="whitespace-nowrap" />
  );
}
