import { describe, expect, it } from "vitest";
import { MAX_SEEDED_RETURN_TO_PLAYER_BP, packEconomics } from "./pack-economics";
import { DEFAULT_DISTRIBUTION } from "./packs";
import { basisPointsAsPercent } from "./rates";

describe("packEconomics", () => {
  it("gives the default odds a card value of the price and a 90% return to player", () => {
    // 0.85 x 0.8 + 0.10 x 1.5 + 0.04 x 3 + 0.01 x 5 = 1.00.
    expect(packEconomics(2_500, DEFAULT_DISTRIBUTION)).toEqual({
      expectedCardValueCents: 2_500,
      expectedBuybackCents: 2_250,
      returnToPlayerBp: 9_000,
      houseMarginBp: 1_000,
      buybackReachesPrice: false,
    });
    expect(packEconomics(2_500, DEFAULT_DISTRIBUTION).returnToPlayerBp).toBeLessThanOrEqual(
      MAX_SEEDED_RETURN_TO_PLAYER_BP,
    );
  });

  it("shows what the spec's 60/25/10/5 reading paid: 126.45% back", () => {
    const old = { common: 60, uncommon: 25, rare: 10, legendary: 5 };
    expect(packEconomics(2_500, old)).toMatchObject({
      expectedCardValueCents: 3_513, // 3512.5
      expectedBuybackCents: 3_161, // 3161.25
      returnToPlayerBp: 12_645,
      houseMarginBp: -2_645,
      buybackReachesPrice: true,
    });
  });

  it("follows the pack's own odds and rounds cents half up", () => {
    const allCommon = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
    expect(packEconomics(1_000, allCommon)).toMatchObject({
      expectedCardValueCents: 800,
      expectedBuybackCents: 720,
      returnToPlayerBp: 7_200,
      houseMarginBp: 2_800,
    });
    const thirds = { common: 33.33, uncommon: 33.33, rare: 33.34, legendary: 0 };
    // 0.3333 x 0.8 + 0.3333 x 1.5 + 0.3334 x 3 = 1.76679; x $10 = 1766.79 cents; x 0.9 = 1590.111.
    expect(packEconomics(1_000, thirds)).toMatchObject({
      expectedCardValueCents: 1_767,
      expectedBuybackCents: 1_590,
      returnToPlayerBp: 15_901,
    });
  });

  it("decides 'buyback reaches the price' exactly, at the boundary", () => {
    // common + legendary only: multiplier = 0.8 + 4.2 x legendary; 90% of it reaches 1 at a
    // legendary share of 7.4074...%.
    const below = packEconomics(10_000, { common: 92.6, uncommon: 0, rare: 0, legendary: 7.4 });
    expect(below).toMatchObject({ returnToPlayerBp: 9_997, buybackReachesPrice: false });
    const above = packEconomics(10_000, { common: 92.59, uncommon: 0, rare: 0, legendary: 7.41 });
    expect(above).toMatchObject({ returnToPlayerBp: 10_001, buybackReachesPrice: true });
  });

  it("prints basis points as a percent", () => {
    expect(basisPointsAsPercent(9_000)).toBe("90");
    expect(basisPointsAsPercent(9_288)).toBe("92.88");
    expect(basisPointsAsPercent(9_250)).toBe("92.5");
  });
});
