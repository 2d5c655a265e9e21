import { describe, expect, it } from "vitest";
import { formatRelativeTime, storeLocalTime } from "./time";

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
