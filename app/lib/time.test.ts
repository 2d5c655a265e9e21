import { describe, expect, it } from "vitest";
import { formatInstant, formatRelativeTime, formatUtc, storeLocalTime } from "./time";

const now = new Date("2026-11-01T12:00:00Z");
const before = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it.each([
    [0, "just now"],
    [59 * SECOND, "just now"],
    [MINUTE, "1 minute ago"],
    [5 * MINUTE, "5 minutes ago"],
    [59 * MINUTE + 59 * SECOND, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [150 * MINUTE, "2 hours ago"],
    [DAY - 1, "23 hours ago"],
    [DAY, "1 day ago"],
    [29 * DAY, "29 days ago"],
    [30 * DAY, "1 month ago"],
    [364 * DAY, "12 months ago"],
    [365 * DAY, "1 year ago"],
    [3 * 365 * DAY, "3 years ago"],
  ])("tells %i ms before now as %j", (ms, text) => {
    expect(formatRelativeTime(before(ms), now)).toBe(text);
  });

  it("tells a time slightly after now (clock skew) as 'just now'", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe("just now");
  });
});

describe("storeLocalTime", () => {
  it("reads the time on the store's clock, days after the store-local day of the base", () => {
    // 2026-11-01 12:00 UTC is 07:00 EST (daylight saving ended at 02:00 that morning).
    expect(storeLocalTime(now, 5, "10:00").toISOString()).toBe("2026-11-06T15:00:00.000Z");
    expect(storeLocalTime(now, -10, "14:00").toISOString()).toBe("2026-10-22T18:00:00.000Z");
    expect(storeLocalTime(now, 0, "19:00").toISOString()).toBe("2026-11-02T00:00:00.000Z");
  });

  it("uses the store's day, not UTC's, near midnight", () => {
    // 03:00 UTC on Nov 10 is still Nov 9 at the store.
    const lateEvening = new Date("2026-11-10T03:00:00Z");
    expect(storeLocalTime(lateEvening, 1, "10:00").toISOString()).toBe("2026-11-10T15:00:00.000Z");
  });
});

describe("formatInstant", () => {
  const at = "2026-01-02T20:04:05Z";

  it("writes a moment in the zone it is given, naming the zone", () => {
    expect(formatInstant(at, { timeZone: "UTC" })).toBe("Jan 2, 2026, 8:04 PM UTC");
    expect(formatInstant(at, { timeZone: "America/New_York" })).toBe("Jan 2, 2026, 3:04 PM EST");
    expect(formatInstant(at, { timeZone: "Asia/Tokyo" })).toBe("Jan 3, 2026, 5:04 AM GMT+9");
    // Daylight saving: the same wall clock in July is EDT.
    expect(formatInstant("2026-07-02T19:04:00Z", { timeZone: "America/New_York" })).toBe(
      "Jul 2, 2026, 3:04 PM EDT",
    );
  });

  it("takes a Date, an ISO string or epoch milliseconds alike", () => {
    const date = new Date(at);
    for (const value of [date, at, date.getTime()]) {
      expect(formatInstant(value, { timeZone: "UTC" })).toBe("Jan 2, 2026, 8:04 PM UTC");
    }
  });

  it("writes each style, with plain spaces (no narrow no-break space before AM/PM)", () => {
    const inUtc = (style: Parameters<typeof formatInstant>[1]["style"]) =>
      formatInstant(at, { timeZone: "UTC", style });
    expect(inUtc("dateTimeSeconds")).toBe("Jan 2, 2026, 8:04:05 PM UTC");
    expect(inUtc("date")).toBe("Jan 2, 2026");
    expect(inUtc("monthDay")).toBe("Jan 2");
    expect(inUtc("time")).toBe("8:04 PM");
    expect(inUtc("dateTime")).not.toMatch(/[\u202f\u00a0]/);
  });

  it("moves the calendar day with the zone", () => {
    expect(formatInstant(at, { timeZone: "Asia/Tokyo", style: "date" })).toBe("Jan 3, 2026");
    expect(formatInstant(at, { timeZone: "Pacific/Honolulu", style: "date" })).toBe("Jan 2, 2026");
  });

  it("refuses an unknown zone or an invalid date", () => {
    expect(() => formatInstant(at, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
    expect(() => formatInstant("not a date", { timeZone: "UTC" })).toThrow(RangeError);
  });
});

describe("formatUtc", () => {
  it("writes server text in UTC whatever the process's zone", () => {
    expect(formatUtc(new Date("2026-11-24T18:00:00Z"))).toBe("Nov 24, 2026, 6:00 PM UTC");
  });
});
