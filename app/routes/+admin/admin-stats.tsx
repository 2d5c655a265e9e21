import type { ReactNode } from "react";

/**
 * The figures at the head of an /admin tab (the Overview's counters, the Transactions' totals):
 * one card a figure, its label over the value in large tabular digits and an optional hint
 * under it. `className` is the grid (its columns per width).
 */
export function AdminStats({
  stats,
  className,
}: {
  stats: { label: string; value: ReactNode; hint?: string }[];
  className: string;
}) {
  return (
    <dl className={className}>
      {stats.map(({ label, value, hint }) => (
        <div key={label} className="bg-surface rounded-xl border p-4">
          <dt className="text-muted-foreground text-sm font-medium">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
          {hint ? <dd className="text-muted-foreground mt-1 text-xs">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * Small figures inside a panel (the operator view's house inventory, a pack's economics): one
 * bordered box a figure, its term over the value in tabular digits. `className` is the grid,
 * `large` sets the values a size up.
 */
export function AdminFigures({
  figures,
  className,
  large = false,
}: {
  figures: { term: string; value: ReactNode }[];
  className: string;
  large?: boolean;
}) {
  return (
    <dl className={className}>
      {figures.map(({ term, value }) => (
        <div key={term} className="bg-surface-2 rounded-lg border px-3 py-2">
          <dt className="text-muted-foreground text-xs">{term}</dt>
          <dd
            className={large ? "text-lg font-semibold tabular-nums" : "font-semibold tabular-nums"}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
