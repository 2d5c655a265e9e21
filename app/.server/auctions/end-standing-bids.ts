import { and, asc, eq, lte, type SQL } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { cards, standingBids, type StandingBidStatus } from "../db/schema";
import { DomainError } from "../errors";
import { marketActor } from "../policy/actor";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { releaseHolds } from "../wallet/holds";
import { holderOf } from "./holder";
import { noticeStandingBidExpired } from "./notices";
import { pageTags } from "~/lib/page-cache";

type Ended = { id: number; bidderId: string; amountCents: number; cardId: number };

export const bidNotOpen = () =>
  new DomainError("bid_unavailable", "This bid is no longer open", 409);

/**
 * Ends the open standing bids `which` selects as `status` with ONE conditional update (open ->
 * cancelled or expired) and releases each hold once (only the rows this update moved), in the
 * caller's transaction; their cards' pages leave the page cache once it commits (the ladder).
 */
async function endStandingBids(
  tx: TxCtx,
  which: SQL | undefined,
  status: Extract<StandingBidStatus, "cancelled" | "expired">,
  why: string,
): Promise<Ended[]> {
  const rows = await tx.db
    .update(standingBids)
    .set({ status, endedAt: tx.now() })
    .where(and(eq(standingBids.status, "open"), which))
    .returning({
      id: standingBids.id,
      bidderId: standingBids.bidderId,
      amountCents: standingBids.amountCents,
      cardId: standingBids.cardId,
    });
  const ended = rows.map((bid) => ({
    ...bid,
    bidderId: holderOf({ id: bid.id, userId: bid.bidderId }, "standing bid"),
  }));
  await releaseHolds(
    tx,
    ended.map((bid) => ({
      reference: `standing_bid:${bid.id}`,
      userId: bid.bidderId,
      amountCents: bid.amountCents,
    })),
    `Standing bid hold released (${why})`,
  );
  if (ended.length > 0) {
    invalidatePagesAfterCommit(tx, [...new Set(ended.map((bid) => pageTags.card(bid.cardId)))]);
  }
  return ended;
}

/**
 * The bidder cancels their open standing bid (docs/product/market.md "Standing bids"); its
 * hold goes back to their wallet. Of a cancel and a fill at once exactly one wins.
 * @throws DomainError `bid_unavailable` (409, 'This bid is no longer open') when it is filled,
 * cancelled, expired or not theirs; `not_signed_in` (401).
 */
export async function cancelStandingBid(ctx: Ctx, input: { bidId: number }): Promise<void> {
  const bidderId = marketActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const ended = await endStandingBids(
      tx,
      and(eq(standingBids.id, input.bidId), eq(standingBids.bidderId, bidderId)),
      "cancelled",
      "cancelled",
    );
    if (ended.length === 0) throw bidNotOpen();
  });
}

/**
 * Cancels every open standing bid of `userId` in the caller's transaction: a break or a
 * self-exclusion starts (docs/decisions/010-responsible-play.md), so no owner may take their
 * money while it runs. Each hold is released once.
 * @returns how many it cancelled.
 */
export async function cancelStandingBidsOf(
  tx: TxCtx,
  userId: string,
  why: string,
): Promise<number> {
  return (await endStandingBids(tx, eq(standingBids.bidderId, userId), "cancelled", why)).length;
}

/**
 * Expires the open standing bids whose expiry has come (docs/product/market.md "Standing
 * bids"), one transaction each, releasing each hold once and telling the bidder. The job queue
 * runs it periodically (app/.server/jobs/system-jobs.ts); safe on several instances at once.
 * @returns how many this call expired.
 */
export async function expireStandingBids(ctx: Ctx): Promise<number> {
  const due = await ctx.db
    .select({ id: standingBids.id })
    .from(standingBids)
    .where(and(eq(standingBids.status, "open"), lte(standingBids.expiresAt, ctx.now())))
    .orderBy(asc(standingBids.expiresAt))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    expired += await inTransaction(ctx, async (tx) => {
      const [bid] = await endStandingBids(
        tx,
        and(eq(standingBids.id, id), lte(standingBids.expiresAt, tx.now())),
        "expired",
        "expired",
      );
      if (!bid) return 0;
      const [card] = await tx.db
        .select({ name: cards.name })
        .from(cards)
        .where(eq(cards.id, bid.cardId));
      await noticeStandingBidExpired(tx, { ...bid, title: card?.name ?? "a card" });
      return 1;
    });
  }
  return expired;
}
