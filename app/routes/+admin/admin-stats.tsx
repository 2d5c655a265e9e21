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
