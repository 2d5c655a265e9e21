/** Spec packs-marketplace section 9: listing categories. */
export const LISTING_CATEGORIES = [
  "Pokemon",
  "Magic: The Gathering",
  "Yu-Gi-Oh!",
  "Comics",
  "Star Wars",
  "Other",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

/** Spec section 9: listing conditions. */
export const LISTING_CONDITIONS = [
  "Mint",
  "Near Mint",
  "Excellent",
  "Good",
  "Fair",
  "Poor",
] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

/** Spec section 9: submission categories (the sell flow). */
export const SUBMISSION_CATEGORIES = [
  "Pokemon",
  "MTG",
  "Sports",
  "Yu-Gi-Oh",
  "Comics",
  "Other",
] as const;

/** Spec section 9: 15 % platform fee on completed transactions, in basis points. */
export const PLATFORM_FEE_BP = 1_500;

/** Issue 6 section 3: a shipped physical item's escrow is released this long after shipping. */
export const ESCROW_AUTO_RELEASE_DAYS = 14;

/** Listing prices: $0.01 (spec price step) to $1,000,000, in cents. */
export const LISTING_PRICE_CENTS = { min: 1, max: 100_000_000 } as const;

/**
 * A pending buy offer expires this long after it is made, and its hold is released
 * (docs/decisions/009-held-offers-and-payouts.md).
 */
export const OFFER_TTL_DAYS = 7;
