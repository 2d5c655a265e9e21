import { describe, expect, it } from "vitest";
import { dollarsField, readDollars } from "./dollars";

const range = { min: 1, max: 100_000_000 };

describe("readDollars", () => {
  it("reads dollars to the exact cent, with a $ sign and thousands commas allowed", () => {
    for (const [text, cents] of [
      ["25", 2_500],
      ["25.5", 2_550],
      ["0.01", 1],
      ["$1,250.00", 125_000],
      [" 19.99 ", 1_999],
      ["1000000", 100_000_000],
    ] as const) {
      expect(readDollars(text, range)).toEqual({ ok: true, cents });
    }
  });

  it("names the problem with each refused amount", () => {
    for (const [text, problem] of [
      ["", "empty"],
      ["1e9", "exponent"],
      ["1E3", "exponent"],
      ["2.5e2", "exponent"],
      ["-5", "negative"],
      ["5.555", "decimals"],
      ["abc", "format"],
      ["12abc", "format"],
      ["0", "too_small"],
      ["1000000.01", "too_large"],
      ["99999999", "too_large"],
      ["9".repeat(40), "too_large"],
    ] as const) {
      expect(readDollars(text, range)).toEqual({ ok: false, problem });
    }
  });
});

describe("dollarsField", () => {
  const price = dollarsField({ missing: "Price is required", ...range });
  const message = (text: string) => {
    const result = price.safeParse(text);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("says a huge price is too high, '1e9' is not plain digits and 5.555 has too many decimals", () => {
    expect(message("99999999999")).toBe("Enter at most $1,000,000.00");
    expect(message("1e9")).toBe("Enter the amount in plain digits, like 1000 or 25.50");
    expect(message("5.555")).toBe("Use at most 2 decimals (cents), like 25.50");
    expect(message("0")).toBe("Enter at least $0.01");
    expect(message("")).toBe("Price is required");
    expect(price.parse("12.30")).toBe(1_230);
  });
});
