/**
 * The look the site's recharts drawings share (daily bars, portfolio, price history): small
 * muted axis ticks, dashed grid lines in the border colour, a tooltip on the surface colour and
 * a 12 px legend; theme variables, so they follow light and dark mode.
 */
export const AXIS_TICK = { fontSize: 11, fill: "var(--muted-foreground)" } as const;
export const GRID_LINES = { strokeDasharray: "3 3", stroke: "var(--border)" } as const;
export const TOOLTIP_STYLE = {
  background: "var(--surface)",
  borderColor: "var(--border)",
} as const;
export const LEGEND_STYLE = { fontSize: 12 } as const;
