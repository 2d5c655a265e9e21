import { count, desc, max, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { standingBids } from "../db/schema";
import { openBidsOf } from "./best-bids";
import type { Cents } from "~/lib/money";

/** One rung of a card page's bid ladder: the best open bid for one grader and minimum grade. */
export type CardLadderRung = {
  grader: string;
  minGrade: number;
  bestCents: Cents;
  bids: number;
};

/**
 * The bid ladder of a card's page (docs/product/value.md "A card's page"; docs/product/market.md
 * "Standing bids"): for each grader and minimum grade with an open, unexpired standing bid, the
 * best amount and how many bids; best first, at most 12 rungs. The same for every visitor (the
 * page is served from the page cache: placing, filling, cancelling or expiring a standing bid
 * invalidates `card:{id}`), so it names no bidder.
 */
export async function loadCardLadder(ctx: Ctx, catalogueCardId: number): Promise<CardLadderRung[]> {
  const bestCents = max(standingBids.amountCents);
  const rows = await ctx.db
    .select({
      grader: standingBids.grader,
      minGrade: standingBids.minGrade,
      bestCents,
      bids: count(),
    })
    .from(standingBids)
    .where(openBidsOf(catalogueCardId, ctx.now()))
    .groupBy(standingBids.grader, standingBids.minGrade)
    .orderBy(desc(bestCents), desc(standingBids.minGrade), sql`${standingBids.grader}`)
    .limit(12);
  return rows.map((row) => ({ ...row, bestCents: Number(row.bestCents) }));
}
