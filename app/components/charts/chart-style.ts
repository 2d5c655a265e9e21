/**
 * The look the site's recharts drawings share (daily bars, portfolio, price history): small
 * muted axis ticks, dashed grid lines in the border colour, a tooltip on the surface colour and
 * a 12 px legend; theme variables, so they follow light and dark mode.
 */
export const CHART = {
  tick: { fontSize: 11, fill: "var(--muted-foreground)" },
  grid: { strokeDasharray: "3 3", stroke: "var(--border)" },
  tooltip: { background: "var(--surface)", borderColor: "var(--border)" },
  legend: { fontSize: 12 },
} as const;
