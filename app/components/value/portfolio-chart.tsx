import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { CHART } from "~/components/charts/chart-style";
import { formatDay } from "~/components/charts/format-day";
import { formatCents } from "~/lib/money";
import type { PortfolioDay } from "~/lib/value/portfolio";

/**
 * The recharts drawing of a collector's portfolio over time (docs/product/value.md
 * "Portfolio"): its value at FMV (an area) and what it cost (a line), one point per daily
 * snapshot. Loaded only in the browser, on /vault (a lazy import); the caller gives the
 * accessible summary and table.
 */
export default function PortfolioChart({ days }: { days: PortfolioDay[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart
        data={days}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid {...CHART.grid} vertical={false} />
        <XAxis dataKey="day" tickFormatter={formatDay} tick={CHART.tick} minTickGap={24} />
        <YAxis
          tickFormatter={(cents: number) => formatCents(cents, { compact: true })}
          tick={CHART.tick}
          width={64}
        />
        <Tooltip
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value) => formatCents(Number(value))}
          contentStyle={CHART.tooltip}
        />
        <Legend wrapperStyle={CHART.legend} />
        <Area
          type="monotone"
          dataKey="valueCents"
          name="Value (FMV)"
          stroke="var(--accent)"
          fill="var(--accent)"
          fillOpacity={0.15}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="costCents"
          name="Paid"
          stroke="var(--muted-foreground)"
          strokeDasharray="5 4"
          dot={false}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
