import { PLATFORM_FEE_BP } from "./market";
import { basisPointsAsPercent } from "./pack-economics";
import { BUYBACK_RATE_BP, BUYBACK_TTL_SECONDS } from "./packs";

/**
 * The rates pages show, each formatted from the constant that rules it (docs/style.md
 * "Layers"): a page never types "90%" beside `BUYBACK_RATE_BP`, so changing a constant changes
 * every sentence that states it. `app/lib/rates.test.ts` fails on a typed-in rate.
 */

/** Basis points as pages write a rate: 9,000 -> "90%", 1,250 -> "12.5%". */
export const percentLabel = (bp: number): string => `${basisPointsAsPercent(bp)}%`;

/** The buyback's share of a pull's value (docs/product/vault.md "Buyback"): "90%". */
export const BUYBACK_PERCENT = percentLabel(BUYBACK_RATE_BP);

/** How long a buyback offer stands after the pull, in whole hours (docs/product/vault.md): 24. */
export const BUYBACK_HOURS = BUYBACK_TTL_SECONDS / 3600;

/** The platform fee on every completed sale (docs/product/market.md "Settlement and fees"): "15%". */
export const PLATFORM_FEE_PERCENT = percentLabel(PLATFORM_FEE_BP);

/** What a seller keeps of the sale price after the platform fee: "85%". */
export const SELLER_SHARE_PERCENT = percentLabel(10_000 - PLATFORM_FEE_BP);

/** Reward points per whole dollar spent or earned (docs/product/rewards.md). */
export const POINTS_PER_DOLLAR = 1;

/** The points rule as pages state it: "1 point per whole dollar". */
export const POINTS_PER_DOLLAR_LABEL = `${POINTS_PER_DOLLAR} point${POINTS_PER_DOLLAR === 1 ? "" : "s"} per whole dollar`;
