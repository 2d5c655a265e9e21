import { and, asc, desc, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import type { Ctx } from "../context";
import { standingBids } from "../db/schema";
import type { Cents } from "~/lib/money";

/** The best open standing bid a slab can fill ("Sell now for $X"). */
export type BestBid = { id: number; amountCents: Cents };

/** A slab as matched against standing bids: its catalogue card, grader and grade. */
export type BiddableSlab = { catalogueCardId: number | null; grader: string; grade: number };

/** A card's open, unexpired standing bids at `now` (docs/product/market.md "Standing bids"). */
export const openBidsOf = (cardIds: number | number[], now: Date): SQL =>
  and(
    Array.isArray(cardIds)
      ? inArray(standingBids.cardId, cardIds)
      : eq(standingBids.cardId, cardIds),
    eq(standingBids.status, "open"),
    gt(standingBids.expiresAt, now),
  )!;

/**
 * The best bid each slab can fill, in the order given (docs/product/market.md "Standing bids"):
 * an open, unexpired bid on the slab's catalogue card by its grader with a minimum grade at most
 * its grade, not the owner's own; the highest amount, then the earliest. One query for all the
 * slabs (the vault's and the card page's), matched here.
 * @returns one entry per slab, null when no bid matches (or the slab has no catalogue card).
 */
export async function bestBidsFor(
  ctx: Ctx,
  ownerId: string,
  slabs: readonly BiddableSlab[],
): Promise<(BestBid | null)[]> {
  const cardIds = [
    ...new Set(slabs.flatMap((slab) => (slab.catalogueCardId ? [slab.catalogueCardId] : []))),
  ];
  if (cardIds.length === 0) return slabs.map(() => null);
  const bids = await ctx.db
    .select({
      id: standingBids.id,
      amountCents: standingBids.amountCents,
      cardId: standingBids.cardId,
      grader: standingBids.grader,
      minGrade: standingBids.minGrade,
    })
    .from(standingBids)
    .where(and(openBidsOf(cardIds, ctx.now()), ne(standingBids.bidderId, ownerId)))
    .orderBy(desc(standingBids.amountCents), asc(standingBids.id));
  return slabs.map((slab) => {
    const best = bids.find(
      (bid) =>
        bid.cardId === slab.catalogueCardId &&
        bid.grader === slab.grader &&
        bid.minGrade <= slab.grade,
    );
    return best ? { id: best.id, amountCents: best.amountCents } : null;
  });
}
