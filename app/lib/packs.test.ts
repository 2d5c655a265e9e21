import { describe, expect, it } from "vitest";
import {
  DEFAULT_DISTRIBUTION,
  certNumber,
  isValidDistribution,
  percentToBasisPoints,
} from "./packs";

describe("isValidDistribution", () => {
  it("accepts odds that sum to exactly 100 with at most two decimals", () => {
    expect(isValidDistribution(DEFAULT_DISTRIBUTION)).toBe(true);
    expect(isValidDistribution({ common: 33.33, uncommon: 33.33, rare: 33.34, legendary: 0 })).toBe(
      true,
    );
    expect(isValidDistribution({ common: 100, uncommon: 0, rare: 0, legendary: 0 })).toBe(true);
    expect(isValidDistribution({ common: 0.01, uncommon: 0.02, rare: 0.07, legendary: 99.9 })).toBe(
      true,
    );
  });

  it("refuses a sum other than 100, negative odds, three decimals and non-numbers", () => {
    expect(isValidDistribution({ common: 60.001, uncommon: 25, rare: 10, legendary: 5 })).toBe(
      false,
    );
    expect(isValidDistribution({ common: 100.001, uncommon: 0, rare: 0, legendary: 0 })).toBe(
      false,
    );
    expect(isValidDistribution({ common: 99.99, uncommon: 0, rare: 0, legendary: 0 })).toBe(false);
    expect(isValidDistribution({ common: 60, uncommon: 25, rare: 10, legendary: 6 })).toBe(false);
    expect(isValidDistribution({ common: 110, uncommon: -10, rare: 0, legendary: 0 })).toBe(false);
    expect(
      isValidDistribution({ common: 33.333, uncommon: 33.333, rare: 33.334, legendary: 0 }),
    ).toBe(false);
    expect(isValidDistribution({ common: NaN, uncommon: 50, rare: 50, legendary: 0 })).toBe(false);
    expect(
      isValidDistribution({ common: Infinity, uncommon: 0, rare: 0, legendary: -Infinity }),
    ).toBe(false);
  });

  it("reads percent as basis points without float error", () => {
    expect(percentToBasisPoints(33.33)).toBe(3_333);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(12.5)).toBe(1_250);
  });
});

describe("certNumber", () => {
  it("is 8 digits made from the card id, one per card", () => {
    expect(certNumber(1)).toBe("10000001");
    expect(certNumber(42)).toBe("10000042");
    expect(certNumber(89_999_999)).toBe("99999999");
    expect(certNumber(7)).toMatch(/^\d{8}$/);
    expect(new Set([1, 2, 3, 10, 100].map(certNumber)).size).toBe(5);
  });
});
