import { applyBasisPoints, type Cents } from "./money";
import { PLATFORM_FEE_BP } from "./rates";
/**
 * docs/product/market.md: listing categories. "Sports" is ours, not the spec's: the shop sells
 * sports and basketball packs, and their pulls were listed as "Other"
 * (docs/decisions/033-sports-listing-category.md).
 */
export const LISTING_CATEGORIES = [
  "Pokemon",
  "Magic: The Gathering",
  "Yu-Gi-Oh!",
  "Comics",
  "Star Wars",
  "Sports",
  "Other",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

/** docs/product/market.md: listing conditions. */
export const LISTING_CONDITIONS = [
  "Mint",
  "Near Mint",
  "Excellent",
  "Good",
  "Fair",
  "Poor",
] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

/** docs/product/market.md: submission categories (the sell flow). */
export const SUBMISSION_CATEGORIES = [
  "Pokemon",
  "MTG",
  "Sports",
  "Yu-Gi-Oh",
  "Comics",
  "Other",
] as const;

/**
 * What a sale at `priceCents` pays its seller (docs/product/market.md "Settlement and fees"):
 * the 15 % platform fee (half-up to the cent, as settlement computes it) and the rest, the net.
 */
export function saleProceeds(priceCents: Cents): { feeCents: Cents; netCents: Cents } {
  const feeCents = applyBasisPoints(priceCents, PLATFORM_FEE_BP);
  return { feeCents, netCents: priceCents - feeCents };
}

/** docs/product/market.md "Settlement and fees": a shipped physical item's escrow is released this long after shipping. */
export const ESCROW_AUTO_RELEASE_DAYS = 14;

/** Listing prices: $0.01 (spec price step) to $1,000,000, in cents. */
export const LISTING_PRICE_CENTS = { min: 1, max: 100_000_000 } as const;

/**
 * A pending buy offer expires this long after it is made, and its hold is released
 * (docs/decisions/009-held-offers-and-payouts.md).
 */
export const OFFER_TTL_DAYS = 7;
