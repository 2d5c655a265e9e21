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
 * sides so the client hydrates the same text (the Latest Sales list).
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

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

/** The store's wall clock at `date`, read as if it were UTC (for offset arithmetic). */
function wallClockAsUtc(date: Date): number {
  const parts = Object.fromEntries(
    zoneParts.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/**
 * The moment the store's clock (America/New_York, daylight saving included) shows `time`
 * ("14:00", 24-hour) on the store-local day `dayOffset` days after the store-local day of
 * `base`. Used to date the seeded events relative to the first start (a new shop's events are
 * always around its own today): `storeLocalTime(new Date("2026-11-01T12:00Z"), 5, "10:00")`
 * is 2026-11-06 10:00 EST = 15:00 UTC.
 */
export function storeLocalTime(base: Date, dayOffset: number, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number);
  const day = new Date(wallClockAsUtc(base));
  const wanted = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate() + dayOffset,
    hours,
    minutes,
  );
  // Guess with the offset at the wanted wall time, then correct once across a DST change.
  let instant = wanted - (wallClockAsUtc(new Date(wanted)) - wanted);
  instant += wanted - wallClockAsUtc(new Date(instant));
  return new Date(instant);
}
