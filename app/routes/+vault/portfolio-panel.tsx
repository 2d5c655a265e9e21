import { ChartTable } from "~/components/charts/chart-table";
import { Suspense, lazy, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { Vault } from "~/.server/vault/vault";
import { formatDay } from "~/components/charts/format-day";
import { Gain } from "~/components/value/gain";
import { formatCents } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { PillChoice } from "~/components/ui/pill-choice";
import { PORTFOLIO_RANGES, type PortfolioDay, type PortfolioRange } from "~/lib/value/portfolio";

// recharts loads only in the browser, after the vault page.
const PortfolioChart = lazy(() => import("~/components/value/portfolio-chart"));

/** One figure of the portfolio's totals: its term over its value (`className` styles the value). */
function Figure({
  term,
  className,
  children,
}: {
  term: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/**
 * The vault's portfolio (docs/product/value.md "Portfolio"): the vaulted cards' value at FMV,
 * what they cost and the gain or loss, and a chart of the daily snapshots over 30, 90 or 365
 * days (today's figures as the last point until tonight's snapshot). The drawing is hidden
 * from assistive technology; a summary sentence and a visually hidden table stand in for it.
 */
export function PortfolioPanel({
  summary,
  history,
  today,
}: {
  summary: Vault["summary"];
  history: PortfolioDay[];
  /** Today's UTC day, YYYY-MM-DD. */
  today: string;
}) {
  const [range, setRange] = useState<PortfolioRange>(30);
  const mounted = useHydrated();
  const live = {
    day: today,
    valueCents: summary.totalValueCents,
    costCents: summary.totalPaidCents,
  };
  const all = [...history.filter((d) => d.day !== today), live];
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - range * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const days = all.filter((d) => d.day >= since);
  const first = days[0]!;
  return (
    <section
      aria-labelledby="portfolio-heading"
      className="bg-surface mb-8 rounded-xl border p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="portfolio-heading" className="font-semibold">
            Portfolio
          </h2>
          <p className="text-muted-foreground text-sm">
            Your vaulted cards at{" "}
            <Link to="/value" className="underline underline-offset-2">
              fair market value
            </Link>
            , beside what you paid.
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Figure term="Value" className="text-lg font-bold tabular-nums">
            {formatCents(summary.totalValueCents)}
          </Figure>
          <Figure term="Paid" className="text-lg font-semibold tabular-nums">
            {formatCents(summary.totalPaidCents)}
          </Figure>
          <Figure term="Gain" className="text-lg font-semibold">
            <Gain cents={summary.totalValueCents - summary.totalPaidCents} />
          </Figure>
        </dl>
      </div>
      <PillChoice
        label="Chart range"
        options={PORTFOLIO_RANGES}
        chosen={range}
        onChoose={setRange}
        text={(r) => `${r} days`}
        className="mt-4 flex gap-2"
      />
      <p className="text-muted-foreground mt-2 text-sm">
        {days.length < 2
          ? "Your chart grows one point a day: the first snapshot is taken tonight."
          : `From ${formatCents(first.valueCents)} on ${formatDay(first.day)} to ${formatCents(live.valueCents)} today.`}
      </p>
      <div aria-hidden="true" className="mt-3 h-48" data-testid="portfolio-chart">
        {mounted && days.length >= 2 ? (
          <Suspense fallback={<div className="bg-surface-2 h-full rounded-md" />}>
            <PortfolioChart days={days} />
          </Suspense>
        ) : (
          <div className="bg-surface-2 h-full rounded-md" />
        )}
      </div>
      <ChartTable caption={`Portfolio, last ${range} days`} columns={["Day", "Value", "Paid"]}>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{formatDay(d.day)}</th>
            <td>{formatCents(d.valueCents)}</td>
            <td>{formatCents(d.costCents)}</td>
          </tr>
        ))}
      </ChartTable>
    </section>
  );
}
