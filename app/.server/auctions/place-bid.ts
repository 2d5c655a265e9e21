import { and, eq, sql } from "drizzle-orm";
import { signalAuction } from "../live-signals";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { auctionBids, auctions } from "../db/schema";
import { DomainError } from "../errors";
import { marketActor } from "../policy/actor";
import { assertMayPlay } from "../policy/guard";
import { holdAmount, lockUserWallets, releaseHolds } from "../wallet/holds";
import { insufficientBalance, userBalanceCents, withNoFundsMessage } from "../wallet/ledger";
import { holderOf } from "./holder";
import { noticeOutbid } from "./notices";
import {
  applyMaximum,
  minimumNextBid,
  softCloseEnd,
  visiblePrice,
  type ProxyState,
} from "~/lib/auctions";
import { formatCents, type Cents } from "~/lib/money";
import type { NewBid } from "~/lib/schemas/auctions";

type Auction = typeof auctions.$inferSelect;

/** What a bid did, as the bidder sees it. */
export type BidResult = {
  bidId: number;
  /** Whether the bidder's maximum leads now. */
  leading: boolean;
  priceCents: Cents;
  endsAt: Date;
  /** Whether soft close moved the end. */
  extended: boolean;
};

export const auctionNotFound = () =>
  new DomainError("auction_not_found", "This auction does not exist", 404);

export const auctionEnded = () => new DomainError("auction_ended", "This auction has ended", 409);

/**
 * The open auction `auctionId`, its row locked for update until the caller's transaction ends
 * (the lock bids and the close take first: docs/decisions/045-auctions-and-standing-bids.md).
 * @throws DomainError `auction_not_found` (404); `auction_ended` (409) once it is settled.
 */
export async function lockOpenAuction(tx: Pick<TxCtx, "db">, auctionId: number): Promise<Auction> {
  const [auction] = await tx.db
    .select()
    .from(auctions)
    .where(eq(auctions.id, auctionId))
    .for("update");
  if (!auction) throw auctionNotFound();
  if (auction.status !== "open") throw auctionEnded();
  return auction;
}

/**
 * The signed-in collector bids on an open auction with a maximum (docs/product/market.md
 * "Auctions"; docs/decisions/045-auctions-and-standing-bids.md), in ONE transaction that locks
 * the auction row first (every bid and the close queue on it, so bids are taken in commit
 * order), then the wallets, in user id order:
 * - proxy bidding: a maximum above the leader's takes the lead (ties go to the earlier
 *   maximum); the visible price is one increment above the second-highest maximum, capped at
 *   the leader's ({@link visiblePrice}); the leader may raise their own maximum;
 * - the leading maximum is held from the bidder's wallet (`offer_hold`, `auction_bid:{id}`);
 *   the bid it replaces is released once (`outbid`, or `raised` for the leader's own) and an
 *   outbid leader is told; a bid that does not lead holds nothing but must still be covered by
 *   the available balance;
 * - soft close: a bid that raises the price in the last 10 minutes moves the end to 10 minutes
 *   after it, at most 24 hours past the scheduled end; refused bids change nothing;
 * - once it commits, the auction's live signal goes out (its page re-reads itself).
 * `form` is 'Place bid' parsed at the seam (maximum in cents).
 * @throws DomainError `not_signed_in` (401, 'Please sign in to bid'); `auction_not_found`
 * (404); `auction_ended` (409, 'This auction has ended'); `own_auction` (403, 'You cannot bid
 * on your own auction'); `bid_too_low` (400, 'Your maximum must be at least $X', or above your
 * current maximum for the leader); `insufficient_balance` (402, 'Your maximum is above your
 * available balance'); `play_paused` (403) during a break or self-exclusion
 * (docs/decisions/010-responsible-play.md).
 */
export async function placeBid(ctx: Ctx, form: NewBid): Promise<BidResult> {
  const bidderId = marketActor(ctx, "Please sign in to bid");
  return withNoFundsMessage("Your maximum is above your available balance", () =>
    inTransaction(ctx, async (tx) => {
      await assertMayPlay(tx, { userId: bidderId, kind: "offer", amountCents: form.maximum });
      const auction = await lockOpenAuction(tx, form.auctionId);
      if (auction.endsAt.getTime() <= tx.now().getTime()) throw auctionEnded();
      if (auction.sellerId === bidderId) {
        throw new DomainError("own_auction", "You cannot bid on your own auction", 403);
      }
      const bid = await takeBid(tx, auction, bidderId, form.maximum);
      tx.afterCommit(() => signalAuction(auction.id));
      return bid;
    }),
  );
}

/** The bid on the locked, open `auction`, after the refusals of {@link placeBid}. */
async function takeBid(
  tx: TxCtx,
  auction: Auction,
  bidderId: string,
  maxCents: Cents,
): Promise<BidResult> {
  const [leader] = auction.leaderBidId
    ? await tx.db.select().from(auctionBids).where(eq(auctionBids.id, auction.leaderBidId))
    : [];
  const fromLeader = leader?.bidderId === bidderId;
  const least = fromLeader
    ? leader!.maxCents + 1
    : minimumNextBid(auction.priceCents, auction.bidCount > 0);
  if (maxCents < least) {
    throw new DomainError(
      "bid_too_low",
      fromLeader
        ? `Your new maximum must be above your current maximum of ${formatCents(leader!.maxCents)}`
        : `Your maximum must be at least ${formatCents(least)}`,
      400,
    );
  }
  const before: ProxyState = {
    startPriceCents: auction.startPriceCents,
    reserveCents: auction.reserveCents,
    leaderMaxCents: leader?.maxCents ?? null,
    secondMaxCents: auction.secondMaxCents,
  };
  const { leads, state } = applyMaximum(before, maxCents, fromLeader);
  const priceCents = visiblePrice(state);
  const now = tx.now();
  if (leads && leader) {
    // The replaced leader's hold goes back once: only this conditional update moves it.
    const [ended] = await tx.db
      .update(auctionBids)
      .set({ status: fromLeader ? "raised" : "outbid" })
      .where(and(eq(auctionBids.id, leader.id), eq(auctionBids.status, "leading")))
      .returning({ id: auctionBids.id });
    if (!ended) throw new Error(`auction ${auction.id} lost its leading bid ${leader.id}`);
    await releaseHolds(
      tx,
      [
        {
          reference: `auction_bid:${leader.id}`,
          userId: holderOf({ id: leader.id, userId: leader.bidderId }, "auction bid"),
          amountCents: leader.maxCents,
        },
      ],
      `Bid hold released (${fromLeader ? "raised" : "outbid"}): ${auction.title}`,
      [bidderId],
    );
  } else if (!leads) {
    await lockUserWallets(tx, [bidderId]);
    if ((await userBalanceCents(tx.db, bidderId)) < maxCents) {
      throw insufficientBalance();
    }
  }
  const [bid] = await tx.db
    .insert(auctionBids)
    .values({
      auctionId: auction.id,
      bidderId,
      maxCents,
      heldCents: leads ? maxCents : null,
      priceAfterCents: priceCents,
      status: leads ? "leading" : "outbid",
      createdAt: now,
    })
    .returning({ id: auctionBids.id });
  if (leads) {
    await holdAmount(tx, {
      reference: `auction_bid:${bid!.id}`,
      userId: bidderId,
      amountCents: maxCents,
      description: `Bid hold: ${auction.title}`,
    });
  }
  const endsAt =
    priceCents > auction.priceCents
      ? softCloseEnd(auction.endsAt, auction.scheduledEndAt, now)
      : auction.endsAt;
  await tx.db
    .update(auctions)
    .set({
      priceCents,
      secondMaxCents: state.secondMaxCents,
      leaderBidId: leads ? bid!.id : auction.leaderBidId,
      bidCount: sql`${auctions.bidCount} + 1`,
      endsAt,
    })
    .where(eq(auctions.id, auction.id));
  if (leads && leader && !fromLeader) {
    await noticeOutbid(tx, {
      id: leader.id,
      bidderId: holderOf({ id: leader.id, userId: leader.bidderId }, "auction bid"),
      auctionId: auction.id,
      title: auction.title,
      priceCents,
    });
  }
  return {
    bidId: bid!.id,
    leading: leads,
    priceCents,
    endsAt,
    extended: endsAt.getTime() !== auction.endsAt.getTime(),
  };
}
