import { mulDivHalfUp, type Cents } from "./money";
import {
  RARITIES,
  VALUE_MULTIPLIER_BP,
  percentToBasisPoints,
  type RarityDistribution,
} from "./packs";
import { BUYBACK_RATE_BP } from "./rates";

/** What one pull of a pack returns on average, and what the house keeps of a pull sold back. */
export type PackEconomics = {
  /** Expected estimated value of the pulled card, in cents (rounded half up). */
  expectedCardValueCents: Cents;
  /** Expected buyback payout of a pull (90 % of the card value), in cents (rounded half up). */
  expectedBuybackCents: Cents;
  /** Return to player of a pull sold back: expected buyback / price, in basis points. */
  returnToPlayerBp: number;
  /** House margin of a pull sold back: 100 % minus the return to player, in basis points. */
  houseMarginBp: number;
  /** Whether the expected buyback reaches the price (such a pack cannot be saved). */
  buybackReachesPrice: boolean;
};

/** The highest return to player PackVault's default and seeded odds may have (95 %). */
export const MAX_SEEDED_RETURN_TO_PLAYER_BP = 9_500;

/** 10^8: one basis point of odds times one basis point of multiplier. */
const BP_SQUARED = 100_000_000;

/**
 * The odds-weighted value multiplier of a distribution, in basis points squared (exact
 * integer): sum over rarities of odds (bp) x value multiplier (bp). 10^8 means "one pack price".
 */
function weightedMultiplier(distribution: RarityDistribution): number {
  return RARITIES.reduce(
    (sum, rarity) => sum + percentToBasisPoints(distribution[rarity]) * VALUE_MULTIPLIER_BP[rarity],
    0,
  );
}

/**
 * The economics of one pull (docs/decisions/008-house-edge.md): a card is worth price x the
 * rarity multiplier x a random factor that averages exactly 1 (0.7-1.3), so the expected card
 * value is price x sum(p(rarity) x multiplier); the expected buyback is 90 % of it
 * (docs/product: buyback rate). The return to player and house margin are in basis points and
 * independent of the price; `buybackReachesPrice` is decided exactly, without rounding.
 * Used by the pack page, the admin pack editor and the server's save check alike.
 * @param priceCents the pack price in cents (a non-negative integer).
 */
export function packEconomics(priceCents: Cents, distribution: RarityDistribution): PackEconomics {
  const multiplier = weightedMultiplier(distribution);
  const buybackNumerator = multiplier * BUYBACK_RATE_BP;
  const returnToPlayerBp = mulDivHalfUp(buybackNumerator, 1, BP_SQUARED);
  return {
    expectedCardValueCents: mulDivHalfUp(priceCents, multiplier, BP_SQUARED),
    expectedBuybackCents: mulDivHalfUp(priceCents, buybackNumerator, BP_SQUARED * 10_000),
    returnToPlayerBp,
    houseMarginBp: 10_000 - returnToPlayerBp,
    buybackReachesPrice: buybackNumerator >= BP_SQUARED * 10_000,
  };
}
