import { inTransaction, type Ctx } from "../context";
import { auctions } from "../db/schema";
import { marketActor } from "../policy/actor";
import { auctionCard } from "../vault/card-status";
import type { NewAuction } from "~/lib/schemas/auctions";

const DAY_MS = 86_400_000;

/**
 * Puts the signed-in collector's vaulted card up for auction (docs/product/market.md
 * "Auctions"), in one transaction: the card goes vaulted -> in_auction (its buyback offer
 * cancelled; no listing or trade can take it while it runs), and the auction opens at the start
 * price, ending `days` whole days from now. `form` is 'Start an auction' parsed at the seam
 * (startAuctionSchema): prices in cents (reserve null or at least the start price), 1-14 days.
 * @returns the auction's id.
 * @throws DomainError `not_signed_in` (401, 'Please sign in to start an auction');
 * `card_not_vaulted` (409, 'This card is no longer in your vault') when it is not theirs and
 * vaulted (listed, in another auction, redeemed, sold).
 */
export async function createAuction(ctx: Ctx, form: NewAuction): Promise<{ auctionId: number }> {
  const sellerId = marketActor(ctx, "Please sign in to start an auction");
  return inTransaction(ctx, async (tx) => {
    const card = await auctionCard(tx, { userId: sellerId, cardId: form.cardId });
    const end = new Date(tx.now().getTime() + form.days * DAY_MS);
    const [auction] = await tx.db
      .insert(auctions)
      .values({
        sellerId,
        cardId: card.id,
        title: card.cardName,
        category: card.packCategory ?? card.category,
        startPriceCents: form.startPrice,
        reserveCents: form.reserve,
        priceCents: form.startPrice,
        createdAt: tx.now(),
        scheduledEndAt: end,
        endsAt: end,
      })
      .returning({ id: auctions.id });
    return { auctionId: auction!.id };
  });
}
