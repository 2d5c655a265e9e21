import { and, asc, eq, lte } from "drizzle-orm";
import { signalAuction } from "../live-signals";
import { recordSale } from "../activity/record-sale";
import { recordSaleComp } from "../value/comps";
import { inTransaction, type Ctx } from "../context";
import { auctionBids, auctions, userCards } from "../db/schema";
import { payHeldSale } from "../market/held-sale";
import { endAuctionOfCard } from "../vault/card-status";
import { releaseHolds } from "../wallet/holds";
import { holderOf } from "./holder";
import { noticeAuctionClosed } from "./notices";
import { reserveMet } from "~/lib/auctions";

/**
 * Closes every open auction whose end has come (docs/product/market.md "Auctions"), one
 * transaction each ({@link settleAuction}). The job queue runs it every few seconds
 * (app/.server/jobs/system-jobs.ts); safe on several instances at once.
 * @returns how many auctions this call closed.
 */
export async function settleDueAuctions(ctx: Ctx): Promise<number> {
  const due = await ctx.db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(eq(auctions.status, "open"), lte(auctions.endsAt, ctx.now())))
    .orderBy(asc(auctions.endsAt))
    .limit(200);
  let closed = 0;
  for (const { id } of due) if (await settleAuction(ctx, id)) closed += 1;
  return closed;
}

/**
 * Closes one auction exactly once, in ONE transaction that locks its row first (a bid at the
 * same instant either committed before, and may have moved the end, or finds it closed):
 * - open, ended, and the leading maximum meets the reserve: `sold`; the card moves to the
 *   winner's vault, the winner's hold is released and pays the price, the seller gets it less
 *   the 15 % fee and the platform the fee (one `sale` movement, reference `auction:{id}`),
 *   the sale is recorded for Latest Sales and the live feed;
 * - no bid, or the reserve not met: `unsold`; the card goes back to the seller's vault and the
 *   leading hold, if any, is released;
 * - the winner, the other bidders and the seller are told, and once it commits the auction's
 *   live signal goes out (its page shows the result).
 * @returns whether this call closed it (false: not yet ended, or already closed).
 */
export async function settleAuction(ctx: Ctx, auctionId: number): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.now();
    const [auction] = await tx.db
      .select()
      .from(auctions)
      .where(eq(auctions.id, auctionId))
      .for("update");
    if (!auction || auction.status !== "open" || auction.endsAt.getTime() > now.getTime()) {
      return false;
    }
    const [leader] = auction.leaderBidId
      ? await tx.db.select().from(auctionBids).where(eq(auctionBids.id, auction.leaderBidId))
      : [];
    const sellerId = holderOf({ id: auction.id, userId: auction.sellerId }, "auction");
    const hold = leader && {
      reference: `auction_bid:${leader.id}`,
      userId: holderOf({ id: leader.id, userId: leader.bidderId }, "auction bid"),
      amountCents: leader.maxCents,
    };
    const winnerId =
      hold && reserveMet(auction.reserveCents, hold.amountCents) ? hold.userId : null;
    const [moved] = await tx.db
      .update(auctionBids)
      .set({ status: winnerId ? "won" : "reserve_not_met" })
      .where(and(eq(auctionBids.auctionId, auction.id), eq(auctionBids.status, "leading")))
      .returning({ id: auctionBids.id });
    if (leader && moved?.id !== leader.id) {
      throw new Error(`auction ${auction.id}: its leading bid is not ${leader.id}`);
    }
    const card = await endAuctionOfCard(tx, {
      cardId: auction.cardId,
      sellerId,
      toUserId: winnerId ?? sellerId,
    });
    let split: { platformFeeCents: number; sellerAmountCents: number } | null = null;
    if (winnerId) {
      const paid = await payHeldSale(tx, {
        hold: hold!,
        holdDescription: `Bid hold released (won): ${auction.title}`,
        sellerId,
        amountCents: auction.priceCents,
        reference: `auction:${auction.id}`,
        description: `Auction: ${auction.title}`,
        source: { auctionId: auction.id },
        title: auction.title,
      });
      split = paid;
      const [sold] = await tx.db
        .select({ slabId: userCards.slabId })
        .from(userCards)
        .where(eq(userCards.id, auction.cardId));
      await recordSaleComp(tx, {
        slabId: sold?.slabId ?? null,
        transactionId: paid.transactionId,
        amountCents: auction.priceCents,
      });
      await recordSale(tx, {
        sellerId,
        salePriceCents: auction.priceCents,
        cardName: auction.title,
        category: auction.category,
        rarity: card.rarity,
        soldAt: now,
        kind: "market",
        slabId: sold?.slabId ?? null,
      });
    } else if (hold) {
      await releaseHolds(tx, [hold], `Bid hold released (reserve not met): ${auction.title}`);
    }
    await tx.db
      .update(auctions)
      .set({
        status: winnerId ? "sold" : "unsold",
        settledAt: now,
        winnerId,
        platformFeeCents: split?.platformFeeCents ?? null,
        sellerAmountCents: split?.sellerAmountCents ?? null,
      })
      .where(eq(auctions.id, auction.id));
    const bidders = await tx.db
      .selectDistinct({ bidderId: auctionBids.bidderId })
      .from(auctionBids)
      .where(eq(auctionBids.auctionId, auction.id));
    await noticeAuctionClosed(tx, {
      auctionId: auction.id,
      title: auction.title,
      sellerId,
      winnerId,
      priceCents: auction.priceCents,
      sellerAmountCents: split?.sellerAmountCents ?? null,
      losers: bidders
        .flatMap((row) => (row.bidderId && row.bidderId !== winnerId ? [row.bidderId] : []))
        .sort(),
      reserveNotMet: Boolean(leader) && !winnerId,
    });
    tx.afterCommit(() => signalAuction(auction.id));
    return true;
  });
}
