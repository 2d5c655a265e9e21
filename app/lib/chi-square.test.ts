import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chiSquareSurvival, goodnessOfFit, logGamma, SIGNIFICANCE } from "./chi-square";
import { drawFromDigest } from "./fairness";
import { DEFAULT_DISTRIBUTION, RARITIES } from "./packs";

describe("chiSquareSurvival", () => {
  it("gives the tabled tail probabilities at the usual critical values", () => {
    // Critical values from the standard chi-square table (df, x, upper tail).
    const table: [number, number, number][] = [
      [1, 3.841459, 0.05],
      [1, 6.634897, 0.01],
      [2, 9.21034, 0.01],
      [3, 7.814728, 0.05],
      [3, 11.344867, 0.01],
      [3, 16.266236, 0.001],
      [10, 23.209251, 0.01],
      [20, 45.314825, 0.001],
    ];
    for (const [df, x, tail] of table) {
      expect(chiSquareSurvival(x, df), `df ${df}, x ${x}`).toBeCloseTo(tail, 6);
    }
  });

  it("equals the closed forms for even degrees of freedom over a wide range", () => {
    for (const x of [0.01, 0.5, 1, 2, 3.5, 7, 12, 30, 80, 200]) {
      const h = x / 2;
      expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-h), 12);
      expect(chiSquareSurvival(x, 4)).toBeCloseTo(Math.exp(-h) * (1 + h), 12);
      expect(chiSquareSurvival(x, 6)).toBeCloseTo(Math.exp(-h) * (1 + h + (h * h) / 2), 12);
    }
    // Far in the tail it stays positive and tiny instead of rounding to 1 - 1.
    expect(chiSquareSurvival(200, 4)).toBeGreaterThan(0);
    expect(chiSquareSurvival(200, 4) / (Math.exp(-100) * 101)).toBeCloseTo(1, 9);
  });

  it("is 1 at 0, falls as x grows, and refuses a df that is not a positive whole number", () => {
    expect(chiSquareSurvival(0, 3)).toBe(1);
    let previous = 1;
    for (let x = 0.25; x < 40; x += 0.25) {
      const q = chiSquareSurvival(x, 3);
      expect(q).toBeLessThan(previous);
      previous = q;
    }
    expect(chiSquareSurvival(Infinity, 3)).toBe(0);
    expect(() => chiSquareSurvival(1, 0)).toThrow(RangeError);
    expect(() => chiSquareSurvival(1, 1.5)).toThrow(RangeError);
  });

  it("uses an accurate ln Gamma", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(1.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI) / 2), 12);
  });
});

describe("goodnessOfFit", () => {
  it("computes Pearson's statistic, the degrees of freedom and the smallest expected count", () => {
    // 100 pulls at 60/25/10/5: expected 60, 25, 10, 5.
    const fit = goodnessOfFit([50, 30, 12, 8], [0.6, 0.25, 0.1, 0.05])!;
    const statistic = 100 / 60 + 25 / 25 + 4 / 10 + 9 / 5;
    expect(fit.statistic).toBeCloseTo(statistic, 12);
    expect(fit.df).toBe(3);
    expect(fit.minExpected).toBeCloseTo(5, 12);
    expect(fit.pValue).toBeCloseTo(chiSquareSurvival(statistic, 3), 12);
  });

  it("says consistent for 100,000 simulated pulls of a fair pack", () => {
    const pack = {
      priceCents: 2_500,
      rarityDistribution: DEFAULT_DISTRIBUTION,
      cardNames: { common: ["a"], uncommon: ["b"], rare: ["c"], legendary: ["d"] },
    };
    const counts = new Map(RARITIES.map((r) => [r, 0]));
    // Deterministic roll bytes, so the test cannot flake: SHA-256 of the pull's number.
    for (let i = 0; i < 100_000; i++) {
      const digest = createHash("sha256").update(`pull:${i}`).digest();
      const { rarity } = drawFromDigest(digest, pack);
      counts.set(rarity, counts.get(rarity)! + 1);
    }
    const fit = goodnessOfFit(
      RARITIES.map((r) => counts.get(r)!),
      RARITIES.map((r) => DEFAULT_DISTRIBUTION[r] / 100),
    )!;
    expect(fit.pValue).toBeGreaterThanOrEqual(SIGNIFICANCE);
    // The same pulls against odds 2 points off are told apart.
    const skewed = goodnessOfFit(
      RARITIES.map((r) => counts.get(r)!),
      [0.62, 0.23, 0.1, 0.05],
    )!;
    expect(skewed.pValue).toBeLessThan(SIGNIFICANCE);
  });

  it("calls a pull of a rarity with no chance impossible, and nothing observed no test", () => {
    expect(goodnessOfFit([9, 0, 0, 1], [0.9, 0.1, 0, 0])).toMatchObject({
      statistic: Infinity,
      pValue: 0,
    });
    // A rarity with no chance and no pulls drops out: 2 categories left, 1 degree of freedom.
    expect(goodnessOfFit([90, 10, 0, 0], [0.9, 0.1, 0, 0])).toMatchObject({ df: 1, pValue: 1 });
    expect(goodnessOfFit([0, 0, 0, 0], [0.6, 0.25, 0.1, 0.05])).toBeNull();
    expect(() => goodnessOfFit([1], [0.5, 0.5])).toThrow(RangeError);
  });
});
