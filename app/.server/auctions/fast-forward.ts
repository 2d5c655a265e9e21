import { and, eq, sql } from "drizzle-orm";
import { signalAuction } from "../live-signals";
import { inTransaction, type Ctx } from "../context";
import { auctionBids, auctions } from "../db/schema";
import { DomainError } from "../errors";
import { lockOpenAuction } from "./place-bid";

/**
 * A development tool, never reachable in production (docs/decisions/046-auction-fast-forward.md):
 * time passes for ONE open auction so that it ends `endsInSeconds` from now. Its start, scheduled
 * end, end and every bid's time move back by the same amount, in one transaction holding the
 * auction row (the lock bids and the close take first), so for the auction it is as if that
 * much time had passed: the soft close (10 minutes after a late bid, capped 24 hours past the
 * scheduled end) and the close job then act on it as on any auction, and its page hears of it
 * on the live feed. No other auction, and no other clock, moves.
 * @returns how far it moved (seconds) and the new end.
 * @throws DomainError `auction_not_found` (404); `auction_ended` (409, 'This auction has
 * ended') once it is settled; `already_ending` (409, 'This auction already ends sooner') when
 * its end is nearer than `endsInSeconds`: time only moves forward.
 */
export async function fastForwardAuction(
  ctx: Ctx,
  input: { auctionId: number; endsInSeconds: number },
): Promise<{ movedSeconds: number; endsAt: Date }> {
  return inTransaction(ctx, async (tx) => {
    const auction = await lockOpenAuction(tx, input.auctionId);
    const movedMs = auction.endsAt.getTime() - (tx.now().getTime() + input.endsInSeconds * 1_000);
    if (movedMs < 0) {
      throw new DomainError("already_ending", "This auction already ends sooner", 409);
    }
    const back = (at: Date) => new Date(at.getTime() - movedMs);
    const [moved] = await tx.db
      .update(auctions)
      .set({
        createdAt: back(auction.createdAt),
        scheduledEndAt: back(auction.scheduledEndAt),
        endsAt: back(auction.endsAt),
      })
      .where(and(eq(auctions.id, auction.id), eq(auctions.status, "open")))
      .returning({ endsAt: auctions.endsAt });
    await tx.db
      .update(auctionBids)
      .set({ createdAt: sql`${auctionBids.createdAt} - ${movedMs} * interval '1 millisecond'` })
      .where(eq(auctionBids.auctionId, auction.id));
    tx.afterCommit(() => signalAuction(auction.id));
    return { movedSeconds: Math.round(movedMs / 1_000), endsAt: moved!.endsAt };
  });
}
