import { describe, expect, it } from "vitest";
import { packEconomics } from "./pack-economics";
import { DEFAULT_DISTRIBUTION } from "./packs";
import { poolEconomics } from "./pool-economics";

const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
const none = { count: 0, fmvCents: 0 };

describe("poolEconomics", () => {
  it("matches the odds' economics when every tier's slabs average the middle of its band", () => {
    // $25: common 2,000, uncommon 3,750, rare 7,500, legendary 12,500 on average.
    const tiers = {
      common: { count: 2, fmvCents: 1_750 + 2_250 },
      uncommon: { count: 3, fmvCents: 3 * 3_750 },
      rare: { count: 1, fmvCents: 7_500 },
      legendary: { count: 4, fmvCents: 4 * 12_500 },
    };
    expect(poolEconomics(2_500, DEFAULT_DISTRIBUTION, tiers)).toEqual({
      emptyTiers: [],
      ...packEconomics(2_500, DEFAULT_DISTRIBUTION),
    });
  });

  it("weighs each tier by its odds and its slabs' real mean value, rounding half up", () => {
    // 0.5 x 1,001/1 + 0.5 x (3,000 + 3,001)/2 = 2,000.75 -> card value 2,001, buyback 1,800.675.
    const tiers = {
      common: { count: 1, fmvCents: 1_001 },
      uncommon: { count: 2, fmvCents: 6_001 },
      rare: none,
      legendary: none,
    };
    const half = { common: 50, uncommon: 50, rare: 0, legendary: 0 };
    expect(poolEconomics(2_500, half, tiers)).toEqual({
      emptyTiers: [],
      expectedCardValueCents: 2_001,
      expectedBuybackCents: 1_801,
      returnToPlayerBp: 7_203, // 1,800.675 / 2,500 = 72.027 %
      houseMarginBp: 2_797,
      buybackReachesPrice: false,
    });
  });

  it("names the tiers with odds but no slab, and ignores empty tiers without odds", () => {
    const tiers = {
      common: { count: 3, fmvCents: 6_000 },
      uncommon: none,
      rare: none,
      legendary: none,
    };
    expect(poolEconomics(2_500, DEFAULT_DISTRIBUTION, tiers)).toEqual({
      emptyTiers: ["uncommon", "rare", "legendary"],
      buybackReachesPrice: null,
    });
    expect(poolEconomics(2_500, ALL_COMMON, tiers).emptyTiers).toEqual([]);
  });

  it("decides exactly whether the expected buyback reaches the price", () => {
    // 90 % of 2,777 is 2,499.3 (below $25); 90 % of 2,778 is 2,500.2.
    const pool = (fmvCents: number) => ({
      common: { count: 1, fmvCents },
      uncommon: none,
      rare: none,
      legendary: none,
    });
    expect(poolEconomics(2_500, ALL_COMMON, pool(2_777)).buybackReachesPrice).toBe(false);
    expect(poolEconomics(2_500, ALL_COMMON, pool(2_778)).buybackReachesPrice).toBe(true);
    // Three slabs averaging 2,777.67 (8,333 / 3): 2,499.9 back, still below.
    const three = { ...pool(0), common: { count: 3, fmvCents: 8_333 } };
    expect(poolEconomics(2_500, ALL_COMMON, three).buybackReachesPrice).toBe(false);
  });
});
