import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { comps } from "../db/schema";
import { compPointColumns } from "./comps";
import { gradeKey, type GradeHistory, type PricePoint } from "~/lib/value/card-value";

/**
 * A catalogue card's price history (docs/product/value.md "A card's page"): every comp as a
 * chart point `[at (ms), priceCents]` (an excluded one `[at, priceCents, reason]`), oldest first,
 * per grader and grade as `gradeKey` says it, grades in the order of their first sale. The
 * card's page fetches it with its chart, which is drawn only in the browser, so the page itself
 * does not grow with a card's sales (docs/decisions/052-chart-points-with-the-chart.md). Public: no actor
 * needed; an unknown card has no history.
 */
export async function loadPriceHistory(
  ctx: Pick<Ctx, "db">,
  cardId: number,
): Promise<GradeHistory[]> {
  const rows = await ctx.db
    .select(compPointColumns)
    .from(comps)
    .where(eq(comps.cardId, cardId))
    .orderBy(asc(comps.soldAt), asc(comps.id));
  const grades = new Map<string, PricePoint[]>();
  for (const c of rows) {
    const key = gradeKey(c.grader, c.grade);
    const point: PricePoint =
      c.excludedReason === null
        ? [c.soldAt.getTime(), c.priceCents]
        : [c.soldAt.getTime(), c.priceCents, c.excludedReason];
    const points = grades.get(key);
    if (points) points.push(point);
    else grades.set(key, [point]);
  }
  return [...grades].map(([grade, points]) => ({ grade, points }));
}
