// The FMV estimator (docs/product/value.md "How we estimate a card's value"): a table of
// cases with their expected values and confidences, and properties that hold for any comps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Grader } from "../slabs";
import {
  ESTIMATOR,
  confidenceOf,
  estimateValue,
  trimOutliers,
  weightedMedianCents,
  type EstimatorComp,
} from "./estimate";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
const comp = (
  priceCents: number,
  daysAgo = 0,
  grade = 10,
  grader: Grader = "PSA",
): EstimatorComp => ({
  grader,
  grade,
  priceCents,
  soldAt: new Date(NOW.getTime() - daysAgo * DAY),
});

describe("estimateValue", () => {
  it.each([
    ["no comps", [], null],
    ["two comps: too few", [comp(100_00), comp(110_00)], null],
    [
      "three comps of another grader",
      [comp(1), comp(2), comp(3)].map((c) => ({ ...c, grader: "BGS" as const })),
      null,
    ],
    [
      "three comps two grades away",
      [comp(100_00, 0, 8), comp(100_00, 0, 8), comp(100_00, 0, 8)],
      null,
    ],
    [
      "three comps older than two years",
      [comp(100_00, 731), comp(100_00, 800), comp(100_00, 900)],
      null,
    ],
    ["three comps dated after now", [comp(100_00, -1), comp(100_00, -2), comp(100_00, -3)], null],
  ])("%s: no estimate", (_name, comps, expected) => {
    expect(estimateValue(comps, "PSA", 10, NOW)).toBe(expected);
  });

  it("three equal sales today: that price, confidence 12 + 30 + 30", () => {
    expect(estimateValue([comp(250_00), comp(250_00), comp(250_00)], "PSA", 10, NOW)).toEqual({
      fmvCents: 250_00,
      confidence: 72,
      compCount: 3,
      lastCompAt: NOW,
      basis: "direct",
    });
  });

  it("trims a shill sale at ten times the others", () => {
    const estimate = estimateValue(
      [comp(100_00), comp(102_00, 1), comp(98_00, 2), comp(101_00, 3), comp(1_000_00, 4)],
      "PSA",
      10,
      NOW,
    );
    expect(estimate).toMatchObject({ fmvCents: 100_00, compCount: 4, basis: "direct" });
  });

  it("leans to recent sales: two new at $200 outweigh three a year old at $100", () => {
    const estimate = estimateValue(
      [comp(100_00, 365), comp(100_00, 366), comp(100_00, 367), comp(200_00, 1), comp(200_00, 2)],
      "PSA",
      10,
      NOW,
    );
    expect(estimate!.fmvCents).toBe(200_00);
  });

  it(`uses only the newest ${ESTIMATOR.window} sales of the grade`, () => {
    const old = Array.from({ length: 40 }, (_, i) => comp(50_00, 100 + i));
    const recent = Array.from({ length: ESTIMATOR.window }, (_, i) => comp(80_00, i));
    expect(estimateValue([...old, ...recent], "PSA", 10, NOW)).toMatchObject({
      fmvCents: 80_00,
      compCount: ESTIMATOR.window,
    });
  });

  it("falls back to the grade above through the grade ratio, at a lower confidence", () => {
    const tens = [comp(200_00), comp(200_00), comp(200_00)];
    expect(estimateValue(tens, "PSA", 9, NOW)).toEqual({
      fmvCents: 100_00,
      confidence: Math.round(72 * ESTIMATOR.neighbourPenalty),
      compCount: 3,
      lastCompAt: NOW,
      basis: "neighbour",
    });
  });

  it("falls back to the grade below (half a point on a half-step scale) when none above", () => {
    const nines = [comp(100_00, 0, 9, "BGS"), comp(100_00, 0, 9, "BGS"), comp(100_00, 0, 9, "BGS")];
    expect(estimateValue(nines, "BGS", 9.5, NOW)).toMatchObject({
      fmvCents: Math.round(100_00 * Math.SQRT2),
      basis: "neighbour",
    });
  });

  it("prefers the grade's own sales to a neighbour's", () => {
    const comps = [
      comp(300_00),
      comp(300_00),
      comp(300_00),
      ...[1, 2, 3].map((d) => comp(90_00, d, 9)),
    ];
    expect(estimateValue(comps, "PSA", 9, NOW)).toMatchObject({ fmvCents: 90_00, basis: "direct" });
  });
});

describe("confidenceOf", () => {
  it.each([
    // comps, expected: count (4 each, at most 40) + age (30 halving every 90 days) + spread
    ["ten equal sales today", Array.from({ length: 10 }, () => comp(100_00)), 100],
    ["ten equal sales, newest 90 days old", Array.from({ length: 10 }, () => comp(100_00, 90)), 85],
    [
      "three equal sales a year old",
      [comp(100_00, 365), comp(100_00, 365), comp(100_00, 365)],
      12 + 2 + 30,
    ],
    ["spread of 50 %: no spread points", [comp(50_00), comp(100_00), comp(150_00)], 12 + 30 + 0],
    [
      "spread of 25 %: half the spread points",
      [comp(75_00), comp(100_00), comp(125_00)],
      12 + 30 + 15,
    ],
    ["nothing", [], 0],
  ])("%s", (_name, comps, expected) => {
    expect(confidenceOf(comps, NOW)).toBe(expected);
  });
});

describe("weightedMedianCents and trimOutliers", () => {
  it("equal weights: the lower middle of an even count", () => {
    expect(weightedMedianCents([comp(10), comp(20), comp(30), comp(40)], NOW)).toBe(20);
  });
  it("keeps everything when fewer than four", () => {
    expect(trimOutliers([comp(1), comp(1_000), comp(1_000_000)])).toHaveLength(3);
  });
  it("with most prices equal, keeps a sale 10 % away and drops one 50 % away", () => {
    const prices = (xs: number[]) => trimOutliers(xs.map((p) => comp(p))).map((c) => c.priceCents);
    expect(prices([100, 100, 100, 110])).toEqual([100, 100, 100, 110]);
    expect(prices([100, 100, 100, 150])).toEqual([100, 100, 100]);
  });
});

const arbComps = fc.array(
  fc.record({
    priceCents: fc.integer({ min: 1, max: 10_000_000 }),
    daysAgo: fc.integer({ min: 0, max: 800 }),
    grade: fc.constantFrom(8, 9, 10),
  }),
  { maxLength: 60 },
);
const toComps = (xs: { priceCents: number; daysAgo: number; grade: number }[]) =>
  xs.map((x) => comp(x.priceCents, x.daysAgo, x.grade));

describe("estimator properties", () => {
  it("a direct value is one of the grade's own sale prices, confidence 0-100, count within the window", () => {
    fc.assert(
      fc.property(arbComps, (xs) => {
        const comps = toComps(xs);
        const estimate = estimateValue(comps, "PSA", 9, NOW);
        if (!estimate) return;
        expect(estimate.confidence).toBeGreaterThanOrEqual(0);
        expect(estimate.confidence).toBeLessThanOrEqual(100);
        expect(estimate.fmvCents).toBeGreaterThan(0);
        expect(estimate.compCount).toBeLessThanOrEqual(ESTIMATOR.window);
        if (estimate.basis === "direct") {
          expect(comps.filter((c) => c.grade === 9).map((c) => c.priceCents)).toContain(
            estimate.fmvCents,
          );
        }
      }),
    );
  });

  it("does not depend on the order of the comps", () => {
    fc.assert(
      fc.property(arbComps, fc.integer(), (xs, seed) => {
        const comps = toComps(xs);
        const shuffled = [...comps].sort(
          (a, b) => ((a.priceCents * 31 + seed) % 7) - ((b.priceCents * 31 + seed) % 7),
        );
        expect(estimateValue(shuffled, "PSA", 10, NOW)).toEqual(
          estimateValue(comps, "PSA", 10, NOW),
        );
      }),
    );
  });

  it("doubling every price doubles a direct value and keeps its confidence", () => {
    fc.assert(
      fc.property(arbComps, (xs) => {
        const comps = toComps(xs);
        const base = estimateValue(comps, "PSA", 10, NOW);
        const doubled = estimateValue(
          comps.map((c) => ({ ...c, priceCents: c.priceCents * 2 })),
          "PSA",
          10,
          NOW,
        );
        if (!base || base.basis !== "direct") return;
        expect(doubled).toEqual({ ...base, fmvCents: base.fmvCents * 2 });
      }),
    );
  });
});
