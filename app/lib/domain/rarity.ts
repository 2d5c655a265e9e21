/**
 * The four rarities of a pulled card, commonest first (docs/product/packs-and-fairness.md,
 * "Odds"): the words the database, the odds and every badge share.
 */
export const CARD_RARITIES = ["common", "uncommon", "rare", "legendary"] as const;

/** A card's rarity. */
export type CardRarity = (typeof CARD_RARITIES)[number];

/** "legendary" -> "Legendary". */
export function rarityLabel(rarity: CardRarity): string {
  return rarity.charAt(0).toUpperCase() + rarity.slice(1);
}
