import type { CardRarity } from "~/components/ui/rarity-badge";
import type { Cents } from "./money";

/** Spec packs-marketplace section 9: rarities, from the most common. */
export const RARITIES = [
  "common",
  "uncommon",
  "rare",
  "legendary",
] as const satisfies readonly CardRarity[];

/** Spec section 9, "Pack art categories". */
export const PACK_CATEGORIES = [
  "Pokemon",
  "MTG",
  "Sports",
  "Star Wars",
  "Comics",
  "Basketball",
] as const;
export type PackCategory = (typeof PACK_CATEGORIES)[number];

/**
 * A pack's rarity odds in percent (spec section 3, `rarity_distribution`): four non-negative
 * numbers with at most two decimals that sum to 100.
 */
export type RarityDistribution = Record<CardRarity, number>;

/** DESIGN.md "Decisions beyond the spec": the spec's 0-100 reading of the draw. */
export const DEFAULT_DISTRIBUTION: RarityDistribution = {
  common: 60,
  uncommon: 25,
  rare: 10,
  legendary: 5,
};

/** Card names a pack can yield, per rarity (spec section 9: "a set of three names per rarity"). */
export type PackCardNames = Record<CardRarity, string[]>;

/**
 * Value multiplier per rarity in basis points of the pack price (spec section 9: legendary 5,
 * rare 3, uncommon 1.5, common 0.8).
 */
export const VALUE_MULTIPLIER_BP: Record<CardRarity, number> = {
  common: 8_000,
  uncommon: 15_000,
  rare: 30_000,
  legendary: 50_000,
};

/** Spec section 9: the random value factor is uniform in 0.7-1.3 (basis points, inclusive). */
export const VALUE_FACTOR_BP = { min: 7_000, max: 13_000 } as const;
/** Spec section 9: grade uniform in 8.0-10.0, one decimal (in tenths, inclusive). */
export const GRADE_TENTHS = { min: 80, max: 100 } as const;

/** Spec section 9: a buyback pays 90 % of the estimated value, rounded to cents. */
export const BUYBACK_RATE_BP = 9_000;
/** Spec section 9: a buyback offer expires 24 hours after the pull. */
export const BUYBACK_TTL_SECONDS = 24 * 60 * 60;

/** Percent (two decimals) to basis points: 12.5 -> 1250. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * Whether `distribution` is a valid set of odds: each value finite, >= 0, at most two
 * decimals, and the four summing to exactly 100 (checked in basis points, so 33.33 + 33.33 +
 * 33.34 + 0 passes without float error).
 */
export function isValidDistribution(distribution: RarityDistribution): boolean {
  let total = 0;
  for (const rarity of RARITIES) {
    const value = distribution[rarity];
    if (!Number.isFinite(value) || value < 0) return false;
    const bp = percentToBasisPoints(value);
    if (Math.abs(bp - value * 100) > 1e-6) return false;
    total += bp;
  }
  return total === 10_000;
}

/**
 * The expected estimated value of one pull and of its buyback, in cents (issue 5 section 2):
 * price x sum(p(rarity) x multiplier), since the 0.7-1.3 factor averages 1.0. Rounded to the
 * cent for display only; nothing is paid from it.
 */
export function expectedValues(
  priceCents: Cents,
  distribution: RarityDistribution,
): { pullCents: Cents; buybackCents: Cents } {
  const multiplierBp = RARITIES.reduce(
    (sum, rarity) =>
      sum + (percentToBasisPoints(distribution[rarity]) * VALUE_MULTIPLIER_BP[rarity]) / 10_000,
    0,
  );
  const pull = (priceCents * multiplierBp) / 10_000;
  return {
    pullCents: Math.round(pull),
    buybackCents: Math.round((pull * BUYBACK_RATE_BP) / 10_000),
  };
}

/**
 * The cert number printed on a pulled card's slab: 8 digits from the card's id (unique per
 * card, and within the slab art's 6-10 digit rule).
 */
export const certNumber = (cardId: number): string => String(10_000_000 + cardId);
