import {
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { CHART } from "~/components/charts/chart-style";
import { formatCents } from "~/lib/money";
import { formatInstant } from "~/lib/time";

/** One sale on the chart: its time (ms since the epoch) and price. */
export type ChartPoint = { at: number; priceCents: number };

const day = (at: number) => formatInstant(new Date(at), { timeZone: "UTC", style: "monthDay" });

/**
 * The recharts drawing of a grade's price history (docs/product/value.md "A card's page"):
 * every counted sale a filled point, every excluded sale a hollow grey one apart (its series and
 * its "Excluded" legend entry only when the grade has one), the current FMV a dashed line. Loaded only in the browser, on the pages that chart (a lazy import); the
 * caller gives the accessible summary and table.
 */
export default function PriceHistoryChart({
  counted,
  excluded,
  fmvCents,
}: {
  counted: ChartPoint[];
  excluded: ChartPoint[];
  fmvCents: number | null;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...CHART.grid} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={["dataMin", "dataMax"]}
          tickFormatter={day}
          tick={CHART.tick}
          minTickGap={24}
        />
        <YAxis
          dataKey="priceCents"
          type="number"
          tickFormatter={(cents: number) => formatCents(cents, { compact: true })}
          tick={CHART.tick}
          width={64}
        />
        <Tooltip
          formatter={(value, name) =>
            name === "at" ? day(Number(value)) : formatCents(Number(value))
          }
          contentStyle={CHART.tooltip}
        />
        <Legend wrapperStyle={CHART.legend} />
        {fmvCents !== null ? (
          <ReferenceLine y={fmvCents} stroke="var(--accent)" strokeDasharray="6 4" />
        ) : null}
        <Scatter name="Sales" data={counted} fill="var(--accent)" isAnimationActive={false} />
        {excluded.length > 0 ? (
          <Scatter
            name="Excluded"
            data={excluded}
            fill="none"
            stroke="var(--muted-foreground)"
            isAnimationActive={false}
          />
        ) : null}
      </ScatterChart>
    </ResponsiveContainer>
  );
}
