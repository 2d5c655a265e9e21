import { desc, eq, inArray, or } from "drizzle-orm";
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
  cardId: salesActivity.cardId,
};

/** Pull rarities whose house buyback is news enough for Latest Sales. */
const NOTABLE_BUYBACK_RARITIES = ["rare", "legendary"] as const;

/**
 * Whether a sale belongs in Latest Sales: every marketplace sale, and a house buyback only of
 * a rare-or-better pull (a stream of $14 common buybacks drowned the collectors' sales).
 */
export function showsInLatestSales(sale: {
  kind?: (typeof salesActivity.$inferSelect)["kind"];
  rarity?: LatestSale["rarity"];
}): boolean {
  if ((sale.kind ?? "market") === "market") return true;
  return (NOTABLE_BUYBACK_RARITIES as readonly (string | null | undefined)[]).includes(sale.rarity);
}

/** The Latest Sales card shows this many rows (docs/design.md "Decisions beyond the spec": real sales_activity). */
export const LATEST_SALES_LIMIT = 8;

/**
 * The most recent sales that {@link showsInLatestSales} (marketplace sales and buybacks of
 * rare-or-better pulls), newest first (ties by id, newest first), for the home page's Latest
 * Sales card (docs/product/rewards.md). Public data: no actor needed, and no
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
    .where(
      or(
        eq(salesActivity.kind, "market"),
        inArray(salesActivity.rarity, [...NOTABLE_BUYBACK_RARITIES]),
      ),
    )
    .orderBy(desc(salesActivity.soldAt), desc(salesActivity.id))
    .limit(limit);
}
