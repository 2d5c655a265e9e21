import { STORE } from "~/lib/store";

const pointsFormat = new Intl.NumberFormat("en-US");
const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE.timeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** A whole number of points with thousands separators: 12345 -> "12,345". */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

/**
 * A day in the store's time zone, the same on the server and in the browser (so the page
 * hydrates without a mismatch): "Nov 1, 2026".
 */
export function formatDay(date: Date): string {
  return dateFormat.format(date);
}
