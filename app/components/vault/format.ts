import { STORE } from "~/lib/store";

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

/**
 * How long is left until `deadline`, counted from `now` (pass the loader's `now` so the server
 * and the browser agree): "23h 59m left", "45m left", "less than a minute left", "expired".
 */
export function formatTimeLeft(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (deadline.getTime() <= now.getTime()) return "expired";
  if (minutes < 1) return "less than a minute left";
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m left` : `${minutes}m left`;
}
