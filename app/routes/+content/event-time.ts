import { STORE } from "~/lib/store";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE.timeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE.timeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** Newer ICU puts a narrow no-break space before AM/PM; the spec writes a plain space. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** An event's day in the store's time zone: "Nov 15, 2025". */
export function formatEventDate(startsAt: Date): string {
  return dateFormat.format(startsAt);
}

/** An event's hours in the store's time zone: "10:00 AM-6:00 PM". */
export function formatEventTime(startsAt: Date, endsAt: Date): string {
  return `${plainSpaces(timeFormat.format(startsAt))}-${plainSpaces(timeFormat.format(endsAt))}`;
}
