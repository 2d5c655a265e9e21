/**
 * The intents that move money, each with the words that finish 'Please verify your email
 * to ...': the one list the seam (app/.server/http/run-intent.ts) checks, so a signed-in user
 * whose email is not verified is refused every one of them with 403 and nothing changes
 * (docs/product/accounts-and-security.md, "Verified email"). A new money-moving intent is
 * added here, under the name its form posts as `intent` (or its route declares).
 */
export const MONEY_MOVING_INTENTS: Readonly<Record<string, string>> = {
  "add-funds": "add funds",
  "open-pack": "open packs",
  checkout: "check out",
  "create-listing": "list items",
  "make-offer": "make offers",
  "accept-offer": "accept offers",
  "trade-offer": "offer trades",
  "accept-trade": "accept trades",
  "buy-now": "buy items",
  "start-auction": "start auctions",
  "place-bid": "bid",
  "place-standing-bid": "bid",
  "fill-standing-bid": "sell to bids",
  withdraw: "withdraw funds",
};

/** The refusal's text for `intent`, or null when the intent moves no money. */
export function verificationNeeded(intent: string): string | null {
  const purpose = MONEY_MOVING_INTENTS[intent];
  return purpose ? `Please verify your email to ${purpose}` : null;
}
