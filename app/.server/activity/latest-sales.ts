import { desc } from "drizzle-orm";
import type { Ctx } from "../context";
import { salesActivity } from "../db/schema";
import type { LatestSale } from "~/lib/domain/activity";

/** The columns of a {@link LatestSale}, for a select or an insert's RETURNING. */
export const latestSaleColumns = {
  id: salesActivity.id,
  cardName: salesActivity.cardName,
  category: salesActivity.category,
  rarity: salesActivity.rarity,
  salePriceCents: salesActivity.salePriceCents,
  soldAt: salesActivity.soldAt,
};

/** The Latest Sales card shows this many rows (DESIGN.md decision: real sales_activity). */
export const LATEST_SALES_LIMIT = 8;

/**
 * The most recent card sales, newest first (ties by id, newest first), for the home page's
 * Latest Sales card (spec storefront section 2, Home). Public data: no actor needed, and no
 * seller is exposed.
 * @param limit how many rows at most, a positive integer (the home page asks for 8).
 * @returns up to `limit` sales with `salePriceCents` in cents; [] when nothing has sold.
 * @throws RangeError when `limit` is not a positive integer.
 */
export async function listLatestSales(ctx: Ctx, limit: number): Promise<LatestSale[]> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`listLatestSales takes a positive integer limit, got ${limit}`);
  }
  return ctx.db
    .select(latestSaleColumns)
    .from(salesActivity)
    .orderBy(desc(salesActivity.soldAt), desc(salesActivity.id))
    .limit(limit);
}
