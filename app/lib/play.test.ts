import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ageInYears, limitExceededMessage, pauseEnd, telHref } from "./play";
import { depositLimitsSchema } from "./schemas/play";

describe("responsible play words", () => {
  it("counts whole years of age by the UTC calendar, birthday included", () => {
    const now = new Date("2026-11-01T12:00:00Z");
    expect(ageInYears("2008-11-01", now)).toBe(18);
    expect(ageInYears("2008-11-02", now)).toBe(17);
    expect(ageInYears("2008-12-31", now)).toBe(17);
    expect(ageInYears("1990-01-15", now)).toBe(36);
  });

  it("ends breaks after exact days and exclusions after calendar months", () => {
    const from = new Date("2026-01-31T10:00:00Z");
    expect(pauseEnd("24h", from)).toEqual(new Date("2026-02-01T10:00:00Z"));
    expect(pauseEnd("30d", from)).toEqual(new Date("2026-03-02T10:00:00Z"));
    expect(pauseEnd("1y", from)).toEqual(new Date("2027-01-31T10:00:00Z"));
    expect(pauseEnd("5y", from)).toEqual(new Date("2031-01-31T10:00:00Z"));
  });

  it("names the period and kind of a limit in its refusal", () => {
    expect(limitExceededMessage("day", "deposit")).toBe(
      "This would exceed your daily deposit limit",
    );
    expect(limitExceededMessage("month", "spending")).toBe(
      "This would exceed your monthly spending limit",
    );
  });
});

describe("the limits form", () => {
  it("takes dollars as cents, blank as no limit, and refuses a bad amount", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      data.set("intent", "set-deposit-limits");
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return parseWithZod(data, { schema: depositLimitsSchema });
    };
    const ok = form({ day: "$1,250.5", week: "", month: "" });
    expect(ok.status === "success" && ok.value).toEqual({
      intent: "set-deposit-limits",
      day: 125_050,
      week: null,
      month: null,
    });
    const bad = form({ day: "12.345", week: "0" });
    if (bad.status === "success") throw new Error("a bad amount was accepted");
    expect(bad.error?.day).toEqual(["Enter an amount in dollars, like 100 or 25.50"]);
    expect(bad.error?.week?.[0]).toMatch(/^Enter an amount between/);
  });
});

describe("telHref", () => {
  it("dials a number written with letters by its keypad digits", () => {
    expect(telHref("1-800-GAMBLER")).toBe("tel:+18004262537");
    expect(telHref("+44 808 8020 133")).toBe("tel:+448088020133");
  });
});
