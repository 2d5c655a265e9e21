import type { Cents } from "./money";

/**
 * Auctions and standing bids, the pure rules (docs/product/market.md "Auctions" and "Standing
 * bids"; docs/decisions/045-auctions-and-standing-bids.md). Money in integer cents, times in
 * milliseconds.
 */

/** The auctions browse's orders (docs/product/market.md "Auctions"). */
export const AUCTION_SORTS = ["ending", "new"] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

/** An auction runs this many whole days (docs/product/market.md "Auctions"). */
export const AUCTION_DAYS = { min: 1, max: 14 } as const;

/** A bid that raises the price this close to the end moves the end to this long after it. */
export const SOFT_CLOSE_MS = 10 * 60 * 1000;

/** Soft close never moves the end more than this far past the scheduled end. */
export const SOFT_CLOSE_CAP_MS = 24 * 60 * 60 * 1000;

/** Start prices, reserves, maximum bids and standing bids: $1 to $1,000,000, in cents. */
export const AUCTION_AMOUNT_CENTS = { min: 100, max: 100_000_000 } as const;

/** How long a standing bid stays open, in days (docs/product/market.md "Standing bids"). */
export const STANDING_BID_DAYS = [1, 3, 7, 14, 30] as const;
export type StandingBidDays = (typeof STANDING_BID_DAYS)[number];

/**
 * The increment table (docs/product/market.md "Auctions"): below each bound (exclusive, in
 * cents) the price rises by that step; above the last, $100.
 */
export const INCREMENT_BANDS: readonly { below: Cents; stepCents: Cents }[] = [
  { below: 2_000, stepCents: 100 },
  { below: 10_000, stepCents: 200 },
  { below: 25_000, stepCents: 500 },
  { below: 100_000, stepCents: 1_000 },
  { below: 500_000, stepCents: 2_500 },
];
const TOP_STEP_CENTS = 10_000;

/** The bid increment at a visible price of `priceCents` (the increment table). */
export function incrementAt(priceCents: Cents): Cents {
  return INCREMENT_BANDS.find((band) => priceCents < band.below)?.stepCents ?? TOP_STEP_CENTS;
}

/** The state proxy bidding works on: the visible price and the two highest maximums. */
export type ProxyState = {
  startPriceCents: Cents;
  reserveCents: Cents | null;
  /** The leader's maximum; null before the first bid. */
  leaderMaxCents: Cents | null;
  /** The highest maximum below the leader's (another bidder's); null with one bidder. */
  secondMaxCents: Cents | null;
};

/**
 * The visible price for a state (docs/product/market.md "Auctions"): the start price with one
 * bidder, otherwise one increment above the second-highest maximum, never above the leader's
 * maximum; once the leader's maximum meets the reserve the price is at least the reserve.
 */
export function visiblePrice(state: ProxyState): Cents {
  const { startPriceCents, reserveCents, leaderMaxCents, secondMaxCents } = state;
  if (leaderMaxCents === null) return startPriceCents;
  let price =
    secondMaxCents === null
      ? startPriceCents
      : Math.min(leaderMaxCents, secondMaxCents + incrementAt(secondMaxCents));
  if (reserveCents !== null && leaderMaxCents >= reserveCents)
    price = Math.max(price, reserveCents);
  return Math.max(price, startPriceCents);
}

/** The lowest maximum a new bid may name: the start price before any bid, else price + increment. */
export function minimumNextBid(priceCents: Cents, hasBids: boolean): Cents {
  return hasBids ? priceCents + incrementAt(priceCents) : priceCents;
}

/**
 * What one new maximum does to the state (proxy bidding; ties go to the earlier maximum):
 * whether it leads now and the state after it.
 */
export function applyMaximum(
  state: ProxyState,
  maxCents: Cents,
  fromLeader: boolean,
): { leads: boolean; state: ProxyState } {
  const { leaderMaxCents, secondMaxCents } = state;
  if (leaderMaxCents === null) {
    return { leads: true, state: { ...state, leaderMaxCents: maxCents } };
  }
  if (fromLeader) {
    return { leads: true, state: { ...state, leaderMaxCents: Math.max(leaderMaxCents, maxCents) } };
  }
  if (maxCents > leaderMaxCents) {
    return {
      leads: true,
      state: { ...state, leaderMaxCents: maxCents, secondMaxCents: leaderMaxCents },
    };
  }
  return {
    leads: false,
    state: { ...state, secondMaxCents: Math.max(secondMaxCents ?? 0, maxCents) },
  };
}

/**
 * The end after a bid at `at` that raised the price (soft close): 10 minutes after it when it
 * came in the last 10 minutes, never more than 24 hours past the scheduled end.
 */
export function softCloseEnd(endsAt: Date, scheduledEndAt: Date, at: Date): Date {
  const extended = at.getTime() + SOFT_CLOSE_MS;
  if (extended <= endsAt.getTime()) return endsAt;
  return new Date(Math.min(extended, scheduledEndAt.getTime() + SOFT_CLOSE_CAP_MS));
}

/** Whether the reserve is met by the leader's maximum (shown as "Reserve met"; no reserve: met). */
export function reserveMet(reserveCents: Cents | null, leaderMaxCents: Cents | null): boolean {
  return reserveCents === null || (leaderMaxCents !== null && leaderMaxCents >= reserveCents);
}

/**
 * An anonymous tag per bidder of one auction, by the order of their first bid: 'Bidder 1',
 * 'Bidder 2' ... (the bid history never names a bidder).
 */
export function anonymousTags(bidderIdsInBidOrder: string[]): Map<string, string> {
  const tags = new Map<string, string>();
  for (const id of bidderIdsInBidOrder) {
    if (!tags.has(id)) tags.set(id, `Bidder ${tags.size + 1}`);
  }
  return tags;
}
