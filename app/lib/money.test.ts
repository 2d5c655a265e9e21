import { describe, expect, it } from "vitest";
import {
  applyBasisPoints,
  centsToDollars,
  dollarsToCents,
  formatCents,
  wholeDollars,
  mulDivHalfUp,
  readDollars,
} from "./money";

describe("mulDivHalfUp", () => {
  it("multiplies cents by a ratio and rounds half up to the cent", () => {
    expect(mulDivHalfUp(2_500, 8_000 * 7_001, 100_000_000)).toBe(1_400); // 1400.2
    expect(mulDivHalfUp(1, 1, 2)).toBe(1); // 0.5 -> 1
    expect(mulDivHalfUp(5, 1, 2)).toBe(3); // 2.5 -> 3 (banker's rounding would give 2)
    expect(mulDivHalfUp(7, 1, 2)).toBe(4); // 3.5 -> 4
    expect(mulDivHalfUp(149, 1, 100)).toBe(1); // 1.49 -> 1
    expect(mulDivHalfUp(1_049, 1, 1_000)).toBe(1); // 1.049 -> 1
    expect(mulDivHalfUp(10, 1, 3)).toBe(3); // 3.33 -> 3
    expect(mulDivHalfUp(20, 1, 3)).toBe(7); // 6.67 -> 7
    expect(mulDivHalfUp(0, 12_345, 7)).toBe(0);
  });

  it("rounds negatives half away from zero, symmetrically with positives", () => {
    expect(mulDivHalfUp(-1, 1, 2)).toBe(-1); // -0.5 -> -1
    expect(mulDivHalfUp(-5, 1, 2)).toBe(-3); // -2.5 -> -3
    expect(mulDivHalfUp(-10, 1, 3)).toBe(-3); // -3.33 -> -3
    expect(mulDivHalfUp(-20, 1, 3)).toBe(-7); // -6.67 -> -7
    expect(mulDivHalfUp(5, -1, 2)).toBe(-3);
    expect(mulDivHalfUp(-5, -1, 2)).toBe(3);
    for (const cents of [1, 3, 149, 1_005, 2_500, 999_999]) {
      expect(mulDivHalfUp(-cents, 1_500, 10_000) + mulDivHalfUp(cents, 1_500, 10_000)).toBe(0);
    }
  });

  it("stays exact where floating point would not", () => {
    // x = 1634404314827.4...; a float product reads 1634404314827.5 and rounds up.
    expect((931_642_228_638 * 175_432_614) / 100_000_000).toBe(1_634_404_314_827.5);
    expect(mulDivHalfUp(931_642_228_638, 175_432_614, 100_000_000)).toBe(1_634_404_314_827);
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 10_000, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 1, 2)).toBe(2 ** 52); // 2^52 - 0.5 -> 2^52
    // The largest pack price ($100,000) at the top of the draw: 5 x 1.3.
    expect(mulDivHalfUp(10_000_000, 50_000 * 13_000, 100_000_000)).toBe(65_000_000);
  });

  it("refuses non-integers, unsafe integers and a denominator that is not positive", () => {
    expect(() => mulDivHalfUp(1.5, 1, 2)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 0.5, 2)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, 2.5)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, -2)).toThrow(RangeError);
    expect(() => mulDivHalfUp(2 ** 53, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(Number.NaN, 1, 1)).toThrow(RangeError);
  });
});

describe("applyBasisPoints", () => {
  it("takes a rate in basis points of an amount in cents, rounded half up", () => {
    expect(applyBasisPoints(1_001, 1_500)).toBe(150); // 150.15
    expect(applyBasisPoints(1_005, 1_500)).toBe(151); // 150.75
    expect(applyBasisPoints(1_010, 1_500)).toBe(152); // 151.5 -> 152
    expect(applyBasisPoints(10_000, 1_500)).toBe(1_500);
    expect(applyBasisPoints(3_513, 9_000)).toBe(3_162); // 90% buyback of $35.13 = 3161.7
    expect(applyBasisPoints(3_241, 9_000)).toBe(2_917); // 2916.9
    expect(applyBasisPoints(5, 9_000)).toBe(5); // 4.5 -> 5
    expect(applyBasisPoints(1, 5_000)).toBe(1); // 0.5 -> 1
    expect(applyBasisPoints(1, 4_999)).toBe(0); // 0.4999 -> 0
    expect(applyBasisPoints(12_345, 0)).toBe(0);
    expect(applyBasisPoints(12_345, 10_000)).toBe(12_345);
    expect(applyBasisPoints(-1_005, 1_500)).toBe(-151);
  });

  it("refuses fractional cents or basis points", () => {
    expect(() => applyBasisPoints(10.5, 1_500)).toThrow(RangeError);
    expect(() => applyBasisPoints(1_000, 15.5)).toThrow(RangeError);
  });
});

const range = { min: 1, max: 100_000_000 };

describe("cents and dollars", () => {
  it("formats cents as US dollars, dropping .00 only when compact", () => {
    expect(formatCents(1_234_567)).toBe("$12,345.67");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(2_500, { compact: true })).toBe("$25");
    expect(formatCents(2_550, { compact: true })).toBe("$25.50");
  });

  it("writes cents as an amount field's plain dollars, exactly", () => {
    expect(centsToDollars(1_250)).toBe("12.50");
    expect(centsToDollars(100_000)).toBe("1000.00");
    expect(centsToDollars(7)).toBe("0.07");
    expect(centsToDollars(0)).toBe("0.00");
    expect(centsToDollars(-5)).toBe("-0.05");
    expect(centsToDollars(999_999_999_999)).toBe("9999999999.99");
    expect(centsToDollars(null)).toBe("");
  });

  it("turns dollars into cents, rounded to the cent", () => {
    expect(dollarsToCents(150)).toBe(15_000);
    expect(dollarsToCents(19.99)).toBe(1_999); // 1998.9999999999998 as a float product
    expect(dollarsToCents(0.07)).toBe(7);
  });

  it("keeps the whole dollars of an amount, dropping the cents below one", () => {
    expect(wholeDollars(1_999)).toBe(19);
    expect(wholeDollars(100)).toBe(1);
    expect(wholeDollars(99)).toBe(0);
  });

  it("reads back what it writes", () => {
    for (const cents of [1, 99, 1_250, 100_000, 12_345_678]) {
      expect(readDollars(centsToDollars(cents), range)).toEqual({ ok: true, cents });
    }
  });
});

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
