import { and, asc, eq, gt } from "drizzle-orm";
import type { Ctx } from "../context";
import { buybackOffers, slabs, userCards } from "../db/schema";
import { bestBidsFor, type BestBid } from "./best-bids";
import type { Cents } from "~/lib/money";

/**
 * A slab the viewer owns that can be sold at once: to the best standing bid it matches ("Sell
 * now for $X", docs/product/market.md "Standing bids") and, for a pull, to the house (its
 * active buyback offer of 90 % of its value, docs/product/vault.md "Buyback").
 */
export type SellNow = {
  userCardId: number;
  cardName: string;
  grader: string;
  grade: number;
  bid: BestBid | null;
  buyback: { id: number; amountCents: Cents; expiresAt: Date } | null;
};

/**
 * `ownerId`'s vaulted slabs of the catalogue card `catalogueCardId`, oldest first, each with
 * the best standing bid it can fill (not the owner's own) and its active buyback offer
 * (pending and unexpired at `ctx.now()`).
 */
export async function sellNowOf(
  ctx: Ctx,
  ownerId: string,
  catalogueCardId: number,
): Promise<SellNow[]> {
  const owned = await ctx.db
    .select({
      userCardId: userCards.id,
      cardName: userCards.cardName,
      grader: slabs.grader,
      grade: slabs.grade,
      buybackId: buybackOffers.id,
      buybackCents: buybackOffers.offerAmountCents,
      buybackExpiresAt: buybackOffers.expiresAt,
    })
    .from(userCards)
    .innerJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(
      buybackOffers,
      and(
        eq(buybackOffers.cardId, userCards.id),
        eq(buybackOffers.status, "pending"),
        gt(buybackOffers.expiresAt, ctx.now()),
      ),
    )
    .where(
      and(
        eq(userCards.userId, ownerId),
        eq(userCards.status, "vaulted"),
        eq(slabs.cardId, catalogueCardId),
      ),
    )
    .orderBy(asc(userCards.id));
  const bids = await bestBidsFor(
    ctx,
    ownerId,
    owned.map((slab) => ({ ...slab, catalogueCardId })),
  );
  return owned.map(({ buybackId, buybackCents, buybackExpiresAt, ...slab }, i) => ({
    ...slab,
    bid: bids[i] ?? null,
    buyback:
      buybackId !== null && buybackCents !== null && buybackExpiresAt !== null
        ? { id: buybackId, amountCents: buybackCents, expiresAt: buybackExpiresAt }
        : null,
  }));
}
