import { and, eq, gt } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { LatestSale } from "~/lib/domain/activity";
import { recordSale } from "../activity/record-sale";
import { inTransaction, type Ctx } from "../context";
import { buybackOffers } from "../db/schema";
import { DomainError } from "../errors";
import { sellCardToPlatform } from "./card-status";
import { postMovement } from "../wallet/ledger";
import type { Cents } from "~/lib/money";

const noActiveOffer = () =>
  new DomainError("no_active_offer", "No active buyback offer found", 409);

/**
 * Accepts one of the signed-in user's buyback offers (docs/product/vault.md; docs/design.md
 * invariant 3), in ONE transaction with one clock (`ctx.now()` read once): the offer goes from
 * pending to accepted (with `accepted_at`) only while it is the user's, pending and unexpired;
 * the card goes from vaulted to sold only while it is the user's and vaulted; a
 * `sales_activity` row is written; the amount moves from the platform to the user's wallet. Both transitions are
 * conditional updates, so 20 parallel acceptances pay once, and a buyback racing a redemption
 * or a listing of the same card leaves exactly one of them. Locks the offer before the card
 * (the order every card transition keeps).
 * No achievement rewards a buyback (docs/product/rewards.md: selling a pull straight back is
 * not something to reward).
 * @returns the amount credited, in cents.
 * @throws DomainError `no_active_offer` (409, 'No active buyback offer found') when the offer
 * is not pending, expired, not theirs, or the card left the vault; nothing changes.
 * `not_signed_in` (401).
 */
export async function acceptBuyback(
  ctx: Ctx,
  input: { offerId: number },
): Promise<{
  amountCents: Cents;
  cardName: string;
  /** The `sales_activity` row written (announced on the live feed once this commits). */
  sale: LatestSale;
}> {
  const userId = ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    const now = tx.now();
    const [offer] = await tx.db
      .update(buybackOffers)
      .set({ status: "accepted", acceptedAt: now })
      .where(
        and(
          eq(buybackOffers.id, input.offerId),
          eq(buybackOffers.userId, userId),
          eq(buybackOffers.status, "pending"),
          gt(buybackOffers.expiresAt, now),
        ),
      )
      .returning();
    if (!offer) throw noActiveOffer();
    const card = await sellCardToPlatform(tx, { userId, cardId: offer.cardId }, noActiveOffer);
    const sale = await recordSale(tx, {
      sellerId: userId,
      salePriceCents: offer.offerAmountCents,
      cardName: card.cardName,
      category: card.packCategory ?? card.category,
      rarity: card.rarity,
      soldAt: now,
      kind: "buyback",
      slabId: card.slabId,
    });
    await postMovement(tx.db, {
      kind: "buyback",
      reference: `buyback_offer:${offer.id}`,
      description: `Buyback of ${card.cardName}`,
      legs: [
        { account: { userId }, amountCents: offer.offerAmountCents },
        { account: "platform", amountCents: -offer.offerAmountCents },
      ],
    });
    return {
      amountCents: offer.offerAmountCents,
      cardName: card.cardName,
      sale,
    };
  });
}
