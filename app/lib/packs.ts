import type { CardRarity } from "~/lib/domain/rarity";

/** docs/product/packs-and-fairness.md: rarities, from the most common. */
export const RARITIES = [
  "common",
  "uncommon",
  "rare",
  "legendary",
] as const satisfies readonly CardRarity[];

/** docs/product/packs-and-fairness.md, "Pack art categories". */
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
 * A pack's rarity odds in percent (docs/product/packs-and-fairness.md, `rarity_distribution`): four non-negative
 * numbers with at most two decimals that sum to 100.
 */
export type RarityDistribution = Record<CardRarity, number>;

/**
 * The odds of a new pack (docs/decisions/008-house-edge.md): common 85, uncommon 10, rare 4,
 * legendary 1. The expected card value is then exactly the price and the expected buyback 90 %
 * of it (a return to player of 90 %, at most the 95 % docs/design.md "Decisions beyond the spec" allows).
 */
export const DEFAULT_DISTRIBUTION: RarityDistribution = {
  common: 85,
  uncommon: 10,
  rare: 4,
  legendary: 1,
};

/** Card names a pack can yield, per rarity (docs/product/packs-and-fairness.md: "a set of three names per rarity"). */
export type PackCardNames = Record<CardRarity, string[]>;

/**
 * Value multiplier per rarity in basis points of the pack price (docs/product/packs-and-fairness.md: legendary 5,
 * rare 3, uncommon 1.5, common 0.8).
 */
export const VALUE_MULTIPLIER_BP: Record<CardRarity, number> = {
  common: 8_000,
  uncommon: 15_000,
  rare: 30_000,
  legendary: 50_000,
};

/** docs/product/packs-and-fairness.md: the random value factor is uniform in 0.7-1.3 (basis points, inclusive). */
export const VALUE_FACTOR_BP = { min: 7_000, max: 13_000 } as const;
/** docs/product/packs-and-fairness.md: grade uniform in 8.0-10.0, one decimal (in tenths, inclusive). */
export const GRADE_TENTHS = { min: 80, max: 100 } as const;

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
 * The cert number printed on a pulled card's slab: 8 digits from the card's id (unique per
 * card, and within the slab art's 6-10 digit rule).
 */
export const certNumber = (cardId: number): string => String(10_000_000 + cardId);
