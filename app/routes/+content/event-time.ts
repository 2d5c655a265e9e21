import { STORE } from "~/lib/store";
import { formatInstant } from "~/lib/time";

/**
 * Events take place at the store, so their day and hours are the store's wall clock (its
 * zone, America/New_York), for every viewer: the one exception to showing times in the
 * viewer's zone (docs/decisions/029-times-in-the-viewers-zone.md).
 */
const at = (date: Date, style: "date" | "time") =>
  formatInstant(date, { timeZone: STORE.timeZone, style });

/** An event's day in the store's time zone: "Nov 15, 2025". */
export function formatEventDate(startsAt: Date): string {
  return at(startsAt, "date");
}

/** An event's hours in the store's time zone: "10:00 AM-6:00 PM". */
export function formatEventTime(startsAt: Date, endsAt: Date): string {
  return `${at(startsAt, "time")}-${at(endsAt, "time")}`;
}
