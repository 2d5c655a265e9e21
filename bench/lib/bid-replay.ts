// The replay of an auction's bids that the hot-auction bench (bench/auction.ts) and the auction
// races (tests/integration/auctions.test.ts) check the stored leader and price against.
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { auctionBids, auctions } from "~/.server/db/schema";
import { applyMaximum, visiblePrice, type ProxyState } from "~/lib/auctions";

/**
 * Replays the bids of auction `auctionId` in commit (id) order through the proxy-bidding rule
 * (~/lib/auctions, docs/decisions/045-auctions-and-standing-bids.md), from the auction's start
 * price and reserve.
 * @returns `{ auction, bids, leader, priceCents }`: the auction row, its bid rows in id order,
 *   the bidder id the replay leaves leading (null without bids) and its visible price in cents.
 * @throws TypeError when no auction has that id.
 */
export async function replayBids(db: Database, auctionId: number) {
  const [auction] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
  if (!auction) throw new TypeError(`no auction ${auctionId}`);
  const bids = await db
    .select()
    .from(auctionBids)
    .where(eq(auctionBids.auctionId, auctionId))
    .orderBy(asc(auctionBids.id));
  let state: ProxyState = {
    startPriceCents: auction.startPriceCents,
    reserveCents: auction.reserveCents,
    leaderMaxCents: null,
    secondMaxCents: null,
  };
  let leader: string | null = null;
  for (const row of bids) {
    const next = applyMaximum(state, row.maxCents, row.bidderId === leader);
    state = next.state;
    if (next.leads) leader = row.bidderId;
  }
  return { auction, bids, leader, priceCents: visiblePrice(state) };
}
