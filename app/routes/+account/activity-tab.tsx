import { lazy, Suspense } from "react";
import { Section } from "./section";
import { ColumnHeads } from "~/components/account-ui/column-heads";
import { formatCents } from "~/lib/money";
import type { ActivityTotals, PlayActivity } from "~/lib/play";
import { cn } from "~/lib/cn";

// recharts is loaded only when this tab shows, not with the rest of /account (the cast keeps
// the chart's generic props, which lazy() would widen).
const DailyBarChart = lazy(() =>
  import("~/components/charts/daily-bar-chart").then((module) => ({
    default: module.DailyBarChart,
  })),
) as unknown as (typeof import("~/components/charts/daily-bar-chart"))["DailyBarChart"];

const COLUMNS = [
  { label: "Figure", className: "py-2 pr-4 font-medium" },
  { label: "Last 30 days", className: "py-2 pr-4 text-right font-medium" },
  { label: "All time", className: "py-2 text-right font-medium" },
];

const ROWS: { key: keyof ActivityTotals; label: string; signed?: boolean }[] = [
  { key: "depositsCents", label: "Deposits" },
  { key: "withdrawalsCents", label: "Withdrawals" },
  { key: "packSpendingCents", label: "Pack spending" },
  { key: "buybackIncomeCents", label: "Buyback income" },
  { key: "marketplaceNetCents", label: "Marketplace net", signed: true },
  { key: "netPositionCents", label: "Net position", signed: true },
];

/** Cents as dollars; a signed figure gets its sign ("+$4.00", "-$12.50"). */
function money(cents: number, signed = false): string {
  if (!signed || cents === 0) return formatCents(Math.abs(cents));
  return `${cents > 0 ? "+" : "-"}${formatCents(Math.abs(cents))}`;
}

/**
 * My activity: deposits, withdrawals, pack spending, buyback income, marketplace net and the
 * net position (buybacks plus marketplace net minus pack spending) for the last 30 days and all
 * time, and a chart of the last 30 days (docs/decisions/010-responsible-play.md).
 */
export function ActivityTab({ activity }: { activity: PlayActivity }) {
  return (
    <div className="space-y-6">
      <Section
        id="activity"
        title="My activity"
        description="What you put in, spent and got back. Net position is buyback income plus marketplace net minus pack spending."
      >
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Your activity, last 30 days and all time</caption>
            <ColumnHeads className="text-muted-foreground border-b text-left" columns={COLUMNS} />
            <tbody>
              {ROWS.map(({ key, label, signed }) => (
                <tr
                  key={key}
                  className={cn(
                    "border-b last:border-0",
                    key === "netPositionCents" && "font-semibold",
                  )}
                >
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {label}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {money(activity.last30Days[key], signed)}
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {money(activity.allTime[key], signed)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Suspense fallback={<div className="bg-surface h-72 rounded-xl border" />}>
        <DailyBarChart
          title="Last 30 days"
          days={activity.days}
          series={[
            { key: "packSpendingCents", label: "Pack spending", color: "var(--accent)" },
            { key: "buybackIncomeCents", label: "Buyback income", color: "#10b981" },
            { key: "marketplaceNetCents", label: "Marketplace net", color: "#0ea5e9" },
          ]}
          format={(cents) => formatCents(cents, { compact: true })}
        />
      </Suspense>
    </div>
  );
}
