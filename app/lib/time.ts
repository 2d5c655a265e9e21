import { STORE } from "./store";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/** Units from largest to smallest: a time is told in the first one it has a whole count of. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", YEAR_MS],
  ["month", MONTH_MS],
  ["day", DAY_MS],
  ["hour", HOUR_MS],
  ["minute", MINUTE_MS],
];

/**
 * How long before `now` something happened, in whole elapsed units (rounded down):
 * "just now" under a minute (and for times after `now`, i.e. clock skew), then
 * "5 minutes ago", "2 hours ago", "3 days ago", "4 months ago", "1 year ago"
 * (a month is 30 days, a year 365). Pure: pass the server's `now` when rendering on both
 * sides so the client hydrates the same text (spec storefront section 2, Latest Sales).
 */
export function formatRelativeTime(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return "just now";
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE.timeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/**
 * A moment in the store's time zone, the same on the server and in the browser (so the page
 * hydrates without a mismatch): "Jan 2, 2026, 3:04 PM EST". Newer ICU puts a narrow no-break
 * space before AM/PM; a plain space is written instead.
 */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date).replace(/[\u202f\u00a0]/g, " ");
}
