import { ChartTable } from "./chart-table";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { CHART } from "~/components/charts/chart-style";
import { formatDay } from "./format-day";
import { useHydrated } from "~/lib/use-hydrated";
/** One series of a {@link DailyBarChart}: a field of the day, its label and its bar colour. */
export type ChartSeries<Key extends string> = {
  key: Key;
  label: string;
  /** A CSS colour for its bars and legend swatch (a theme variable where one fits). */
  color: string;
};

/**
 * A bar chart of days (one group of bars per UTC day `YYYY-MM-DD`, one bar per series; the
 * admin Overview's and My activity's last 30 days), drawn with recharts once the page is in the browser (recharts measures the DOM);
 * the server renders a placeholder of the same size. For assistive technology the drawing is
 * hidden and replaced by its caption, a one-line summary (totals per series) and a visually
 * hidden table of every day, which the server renders too.
 */
export function DailyBarChart<Key extends string>({
  title,
  days,
  series,
  format,
}: {
  title: string;
  days: readonly ({ day: string } & Record<NoInfer<Key>, number>)[];
  series: readonly ChartSeries<Key>[];
  /** Formats a value (a count, or cents as dollars). */
  format: (value: number) => string;
}) {
  const mounted = useHydrated();
  const empty = days.every((day) => series.every((s) => day[s.key] === 0));
  const totals = series.map((s) => ({
    ...s,
    total: days.reduce((sum, day) => sum + day[s.key], 0),
  }));
  const summary = `Last ${days.length} days: ${totals
    .map((s) => `${s.label} ${format(s.total)}`)
    .join(", ")}.`;

  return (
    <figure className="bg-surface rounded-xl border p-4">
      <figcaption className="space-y-1">
        <span className="block font-semibold">{title}</span>
        <span className="text-muted-foreground block text-sm">{summary}</span>
      </figcaption>
      <div aria-hidden="true" className="relative mt-3 h-44">
        {empty ? (
          <p className="text-muted-foreground absolute inset-0 flex items-center justify-center text-sm">
            No activity yet
          </p>
        ) : mounted ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={[...days]}
              margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
              // The drawing is hidden from assistive technology (the table below replaces it),
              // so it must not take keyboard focus either.
              accessibilityLayer={false}
            >
              <CartesianGrid {...CHART.grid} vertical={false} />
              <XAxis
                dataKey="day"
                tickFormatter={formatDay}
                tick={CHART.tick}
                interval="preserveStartEnd"
                minTickGap={24}
              />
              <YAxis
                tickFormatter={(value: number) => format(value)}
                tick={CHART.tick}
                width={56}
                allowDecimals={false}
              />
              <Tooltip
                labelFormatter={(day) => formatDay(String(day))}
                formatter={(value) => format(Number(value))}
                contentStyle={CHART.tooltip}
                cursor={{ fill: "var(--surface-2)" }}
              />
              <Legend wrapperStyle={CHART.legend} />
              {series.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={s.color}
                  radius={[2, 2, 0, 0]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        ) : (
          <div className="bg-surface-2 h-full animate-pulse rounded-md motion-reduce:animate-none" />
        )}
      </div>
      <ChartTable caption={`${title}, per day`} columns={["Day", ...series.map((s) => s.label)]}>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">{formatDay(day.day)}</th>
            {series.map((s) => (
              <td key={s.key}>{format(day[s.key])}</td>
            ))}
          </tr>
        ))}
      </ChartTable>
    </figure>
  );
}
