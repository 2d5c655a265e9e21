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

/**
 * The zone every page is first rendered in: on the server, and in the browser's first render
 * (hydration), so that both write the same text. After hydration a page shows times in the
 * browser's zone (`useTimeZone`, `<Time>`); text built on the server (a message, a mail) stays
 * in UTC and says so. The rule: docs/decisions/029-times-in-the-viewers-zone.md.
 */
export const RENDER_TIME_ZONE = "UTC";

/**
 * How a moment is written (en-US):
 * - `dateTime`: "Jan 2, 2026, 3:04 PM UTC" (the zone's short name always follows);
 * - `dateTimeSeconds`: "Jan 2, 2026, 3:04:05 PM UTC";
 * - `date`: "Jan 2, 2026";
 * - `monthDay`: "Jan 2";
 * - `time`: "3:04 PM" (no zone name: for hours shown beside a zoned date).
 */
export type InstantStyle = "dateTime" | "dateTimeSeconds" | "date" | "monthDay" | "time";

const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DAY, hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  dateTimeSeconds: {
    ...DAY,
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  },
  date: DAY,
  monthDay: { month: "short", day: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
};
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(style: InstantStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * Writes the moment `value` (a Date, an ISO string or epoch milliseconds) in the IANA zone
 * `timeZone`, in one of the {@link InstantStyle}s: formatInstant("2026-01-02T20:04:00Z",
 * { timeZone: "UTC" }) is "Jan 2, 2026, 8:04 PM UTC"; with "America/New_York" it is
 * "Jan 2, 2026, 3:04 PM EST". The zone is always explicit, so the same call gives the same
 * text on the server and in the browser. Newer ICU puts a narrow no-break space before AM/PM;
 * a plain space is written instead.
 * @throws RangeError for an invalid date or an unknown zone.
 */
export function formatInstant(
  value: Date | string | number,
  { timeZone, style = "dateTime" }: { timeZone: string; style?: InstantStyle },
): string {
  return formatFor(style, timeZone)
    .format(new Date(value))
    .replace(/[\u202f\u00a0]/g, " ");
}

/**
 * A moment written where there is no viewer's zone (a server message, a mail): in UTC, saying
 * so: "Jan 2, 2026, 8:04 PM UTC".
 */
export function formatUtc(value: Date | string | number): string {
  return formatInstant(value, { timeZone: RENDER_TIME_ZONE });
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

/**
 * The store's wall clock at `date`: its day (`YYYY-MM-DD`) and time (`HH:MM`, 24-hour), as the
 * admin's event form shows them (the inverse of {@link storeLocalTime} with no day offset).
 */
export function storeWallClock(date: Date): { day: string; time: string } {
  const iso = new Date(wallClockAsUtc(date)).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}
