// The confirmation before a pack is paid for (docs/decisions/044-confirm-before-money-moves.md),
// shared by the opening dialog, the Limits tab and the domain.

import type { Cents } from "./money";

/** The highest "Don't ask for packs under" a collector may choose: $1,000, in cents. */
export const PACK_CONFIRM_UNDER_MAX_CENTS = 100_000;

/**
 * Whether opening a pack priced `priceCents` asks first: always, unless the collector chose
 * "Don't ask for packs under $X" (`underCents`, null: always ask) and the price is below it.
 */
export function asksBeforeOpening(priceCents: Cents, underCents: Cents | null): boolean {
  return underCents === null || priceCents >= underCents;
}
