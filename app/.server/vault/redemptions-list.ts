import { and, desc, eq, type SQL } from "drizzle-orm";
import { cardSlabColumns } from "../policy/slab-columns";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { redemptions, slabs, userCards } from "../db/schema";
import { trackingNumberIs, trackingNumberOf } from "../orders/tracking-number";
import { REDEMPTION_REFERENCE, type OwnRedemption } from "~/lib/domain/redemptions";
import { cardSlabOf } from "~/lib/slabs";

/** The signed-in user's redemptions that also match `where`, newest request first. */
async function loadOwnRedemptions(ctx: Ctx, where?: SQL): Promise<OwnRedemption[]> {
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
    .where(and(eq(redemptions.userId, userId), where))
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

/**
 * The signed-in user's redemptions, newest request first, with each card's name, its slab
 * (grader, cert), the status an admin set and the tracking number (docs/product/vault.md,
 * redemption; docs/product/administration.md: the owner sees the tracking number). Scoped to
 * `actor.userId`.
 * @throws DomainError `not_signed_in` (401).
 */
export function listOwnRedemptions(ctx: Ctx): Promise<OwnRedemption[]> {
  return loadOwnRedemptions(ctx);
}

/**
 * The redemption a /track-order query names, if it is the signed-in user's: its reference
 * ("R-12", `REDEMPTION_REFERENCE`) or the tracking number it shipped with (spaces and dashes
 * aside); null for anything else, so an unknown redemption and another user's read the same
 * (the ownership rule of the order lookup, docs/product/cart-and-orders.md, Track Your Order).
 * When one tracking number was given to two of the user's redemptions, the newest is returned.
 * @throws DomainError `not_signed_in` (401).
 */
export async function findRedemptionForTracking(
  ctx: Ctx,
  input: { query: string },
): Promise<OwnRedemption | null> {
  const match = REDEMPTION_REFERENCE.exec(input.query);
  const redemptionId = match ? Number(match[1]) : NaN;
  if (Number.isSafeInteger(redemptionId)) {
    if (redemptionId > 2_147_483_647) return null;
    const [redemption] = await loadOwnRedemptions(ctx, eq(redemptions.id, redemptionId));
    return redemption ?? null;
  }
  const tracking = trackingNumberOf(input.query);
  if (tracking === null) return null;
  const [redemption] = await loadOwnRedemptions(
    ctx,
    trackingNumberIs(redemptions.trackingNumber, tracking),
  );
  return redemption ?? null;
}
