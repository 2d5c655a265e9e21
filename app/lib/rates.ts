/**
 * The shop's rates, and the way pages state them (docs/style.md "Layers"): each rate is a
 * constant here, and a page formats it from the constant instead of typing "90%" beside it, so
 * changing a constant changes every sentence that states it. `app/lib/rates.test.ts` fails on a
 * rate typed into a route, component or server text. This module imports nothing, so any page
 * may state a rate without loading more.
 */

/** A buyback pays 90 % of the estimated value, rounded to cents (docs/product/vault.md "Buyback"), in basis points. */
export const BUYBACK_RATE_BP = 9_000;

/** A buyback offer expires 24 hours after the pull (docs/product/packs-and-fairness.md), in seconds. */
export const BUYBACK_TTL_SECONDS = 24 * 60 * 60;

/** The 15 % platform fee on completed transactions (docs/product/market.md "Settlement and fees"), in basis points. */
export const PLATFORM_FEE_BP = 1_500;

/** Reward points per whole dollar spent or earned (docs/product/rewards.md). */
export const POINTS_PER_DOLLAR = 1;

/** Basis points as a percent for people: 9000 -> "90", 9288 -> "92.88", 9250 -> "92.5". */
export const basisPointsAsPercent = (bp: number): string => String(bp / 100);

/** Basis points as pages write a rate: 9,000 -> "90%", 1,250 -> "12.5%". */
export const percentLabel = (bp: number): string => `${basisPointsAsPercent(bp)}%`;

/** The buyback's share of a pull's value: "90%". */
export const BUYBACK_PERCENT = percentLabel(BUYBACK_RATE_BP);

/** How long a buyback offer stands after the pull, in whole hours: 24. */
export const BUYBACK_HOURS = BUYBACK_TTL_SECONDS / 3600;

/** The platform fee on every completed sale: "15%". */
export const PLATFORM_FEE_PERCENT = percentLabel(PLATFORM_FEE_BP);

/** What a seller keeps of the sale price after the platform fee: "85%". */
export const SELLER_SHARE_PERCENT = percentLabel(10_000 - PLATFORM_FEE_BP);

/** The points rule as pages state it: "1 point per whole dollar". */
export const POINTS_PER_DOLLAR_LABEL = `${POINTS_PER_DOLLAR} point${POINTS_PER_DOLLAR === 1 ? "" : "s"} per whole dollar`;
