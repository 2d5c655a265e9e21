import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "./money";
import type { PackEconomics } from "./pack-economics";
import { RARITIES, percentToBasisPoints, type RarityDistribution } from "./packs";
import { BUYBACK_RATE_BP } from "./rates";

/** A pool tier's slabs left: how many, and the sum of their fair market values in cents. */
export type PoolTierTotals = { count: number; fmvCents: Cents };

/**
 * The economics of one pull from a pool of real slabs (docs/design.md "Inventory (real slabs)",
 * docs/decisions/041-pool-commitment.md), or why there are none: the tiers with non-zero odds
 * that hold no slab (such a pack cannot be put on sale).
 */
export type PoolEconomics =
  ({ emptyTiers: [] } & PackEconomics) | { emptyTiers: CardRarity[]; buybackReachesPrice: null };

/** a / b rounded half up, for non-negative a and positive b. */
const divHalfUp = (a: bigint, b: bigint): number => Number((2n * a + b) / (2n * b));

/**
 * The return to player of a pack from its pool's real FMVs: a pull of tier t is equally likely
 * to be any of the tier's slabs (docs/decisions/037-slab-within-a-tier.md), so its expected value
 * is sum over tiers of p(t) x (the tier's FMV total / its count); the expected buyback is 90 % of
 * it (docs/product: buyback rate) and the return to player is that over the price, as for the
 * odds alone (app/lib/pack-economics.ts). Exact rational arithmetic (BigInt): amounts rounded
 * half up to the cent, rates to the basis point; `buybackReachesPrice` decided without rounding.
 * @param priceCents the pack price in cents (a positive integer).
 * @param tiers each tier's slabs left; a tier with zero odds is ignored.
 */
export function poolEconomics(
  priceCents: Cents,
  distribution: RarityDistribution,
  tiers: Record<CardRarity, PoolTierTotals>,
): PoolEconomics {
  const drawn = RARITIES.filter((rarity) => percentToBasisPoints(distribution[rarity]) > 0);
  const emptyTiers = drawn.filter((rarity) => tiers[rarity].count === 0);
  if (emptyTiers.length > 0) return { emptyTiers, buybackReachesPrice: null };
  // value = N / (10^4 x D) cents, where D is the product of the drawn tiers' counts.
  const d = drawn.reduce((product, rarity) => product * BigInt(tiers[rarity].count), 1n);
  const n = drawn.reduce(
    (sum, rarity) =>
      sum +
      (BigInt(percentToBasisPoints(distribution[rarity])) * BigInt(tiers[rarity].fmvCents) * d) /
        BigInt(tiers[rarity].count),
    0n,
  );
  const rate = BigInt(BUYBACK_RATE_BP);
  const price = BigInt(priceCents);
  const returnToPlayerBp = divHalfUp(n * rate, 10_000n * d * price);
  return {
    emptyTiers: [],
    expectedCardValueCents: divHalfUp(n, 10_000n * d),
    expectedBuybackCents: divHalfUp(n * rate, 100_000_000n * d),
    returnToPlayerBp,
    houseMarginBp: 10_000 - returnToPlayerBp,
    buybackReachesPrice: n * rate >= price * d * 100_000_000n,
  };
}
