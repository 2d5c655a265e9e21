import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { buybackOffers, userCards, type CardStatus } from "../db/schema";
import { DomainError } from "../errors";

type Tx = Pick<Database, "update">;

/** The card row after it left the vault. */
export type ExitedCard = typeof userCards.$inferSelect;

/**
 * Takes a card out of the vault in the caller's transaction (DESIGN.md invariant 2): cancels
 * its pending buyback offer, then moves it from vaulted to `status` only while it is
 * `userId`'s and vaulted. The offer is locked before the card, the order every card
 * transition keeps (acceptBuyback too), so racing transitions queue instead of deadlocking,
 * and exactly one of them wins. Used by redemption here and by listings and trades.
 * @throws DomainError `card_not_vaulted` (409, 'This card is no longer in your vault'); the
 * caller's transaction must roll back (the offer's cancellation with it).
 */
export async function takeFromVault(
  tx: Tx,
  input: {
    userId: string;
    cardId: number;
    status: Exclude<CardStatus, "vaulted">;
    listingId?: number;
  },
): Promise<ExitedCard> {
  await tx
    .update(buybackOffers)
    .set({ status: "cancelled" })
    .where(and(eq(buybackOffers.cardId, input.cardId), eq(buybackOffers.status, "pending")));
  const [card] = await tx
    .update(userCards)
    .set({ status: input.status, listingId: input.listingId ?? null })
    .where(
      and(
        eq(userCards.id, input.cardId),
        eq(userCards.userId, input.userId),
        eq(userCards.status, "vaulted"),
      ),
    )
    .returning();
  if (!card) {
    throw new DomainError("card_not_vaulted", "This card is no longer in your vault", 409);
  }
  return card;
}
