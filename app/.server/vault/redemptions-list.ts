import { desc, eq } from "drizzle-orm";
import { cardSlabColumns } from "../inventory/slab-columns";
import { ownerId } from "../account/account-ctx";
import type { Ctx } from "../context";
import { redemptions, slabs, userCards, type RedemptionStatus } from "../db/schema";
import type { CardRarity } from "~/lib/domain/rarity";
import { cardSlabOf, type CardSlab } from "~/lib/slabs";

/** One of the signed-in user's redemptions, as they see it (status and tracking). */
export type OwnRedemption = {
  id: number;
  cardId: number;
  cardName: string;
  rarity: CardRarity;
  /** The slab shipped (grader, cert); null for a card issued before inventory-backed packs. */
  slab: CardSlab | null;
  status: RedemptionStatus;
  /** Set by an admin once the card is on its way (docs/product/administration.md). */
  trackingNumber: string | null;
  /** "Name, street, city, ST zip" as typed in the redeem dialog. */
  shipTo: string;
  requestedAt: Date;
  shippedAt: Date | null;
  deliveredAt: Date | null;
};

/**
 * The signed-in user's redemptions, newest request first, with each card's name, the status an
 * admin set and the tracking number (docs/product/vault.md, redemption; docs/product/administration.md: the owner
 * sees the tracking number). Scoped to `actor.userId`.
 * @throws DomainError `not_signed_in` (401).
 */
export async function listOwnRedemptions(ctx: Ctx): Promise<OwnRedemption[]> {
  const userId = ownerId(ctx);
  const rows = await ctx.db
    .select({
      redemption: redemptions,
      cardName: userCards.cardName,
      rarity: userCards.rarity,
      slab: cardSlabColumns,
    })
    .from(redemptions)
    .innerJoin(userCards, eq(userCards.id, redemptions.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .where(eq(redemptions.userId, userId))
    .orderBy(desc(redemptions.requestedAt), desc(redemptions.id));
  return rows.map(({ redemption: r, cardName, rarity, slab }) => ({
    id: r.id,
    cardId: r.cardId,
    cardName,
    rarity,
    slab: cardSlabOf(slab),
    status: r.status,
    trackingNumber: r.trackingNumber,
    shipTo: `${r.shippingName}, ${r.shippingAddress}, ${r.shippingCity}, ${r.shippingState} ${r.shippingZip}`,
    requestedAt: r.requestedAt,
    shippedAt: r.shippedAt,
    deliveredAt: r.deliveredAt,
  }));
}
