import { describe, expect, it } from "vitest";
import { formatEventDate, formatEventTime } from "./event-time";

describe("event times", () => {
  it("shows the day and hours in the store's time zone, as the spec writes them", () => {
    const start = new Date("2025-11-15T15:00:00Z");
    const end = new Date("2025-11-15T23:00:00Z");
    expect(formatEventDate(start)).toBe("Nov 15, 2025");
    expect(formatEventTime(start, end)).toBe("10:00 AM-6:00 PM");
  });

  it("keeps an evening event on its local day even when it is the next day in UTC", () => {
    const start = new Date("2025-12-11T00:00:00Z");
    expect(formatEventDate(start)).toBe("Dec 10, 2025");
    expect(formatEventTime(start, new Date("2025-12-11T02:30:00Z"))).toBe("7:00 PM-9:30 PM");
  });
});
