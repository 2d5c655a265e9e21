import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { salesCommitted } from "../metrics";
import { salesActivity, slabs } from "../db/schema";
import type { LedgerTx } from "../wallet/ledger";
import { latestSaleColumns, showsInLatestSales } from "./latest-sales";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import type { LatestSale } from "~/lib/domain/activity";
import { pageTags } from "~/lib/page-cache";

/**
 * Writes a `sales_activity` row in the caller's transaction `tx.db` and announces it on the live
 * sales feed once that transaction commits (never when it rolls back): the one way a sale is
 * recorded, so no sale path can forget the feed (docs/decisions/012); a sale Latest Sales
 * leaves out (a common or uncommon buyback) is recorded but not announced. Money in cents.
 * `slabId` is the slab sold (null for a physical item or a card without a slab): the row keeps
 * its catalogue card, so that Latest Sales links the sale to the card's page
 * (docs/product/value.md "A card's page").
 */
export async function recordSale(
  tx: { db: Pick<LedgerTx, "insert"> } & Pick<Ctx, "afterCommit" | "salesFeed">,
  {
    slabId,
    ...sale
  }: Omit<typeof salesActivity.$inferInsert, "cardId"> & { slabId: number | null },
): Promise<LatestSale> {
  const cardId =
    slabId === null
      ? null
      : sql<number>`(SELECT ${slabs.cardId} FROM ${slabs} WHERE ${slabs.id} = ${slabId})`;
  const [row] = await tx.db
    .insert(salesActivity)
    .values({ ...sale, cardId })
    .returning(latestSaleColumns);
  // Only what Latest Sales shows goes out on the live feed (no common house buybacks).
  if (showsInLatestSales(sale)) tx.afterCommit(() => tx.salesFeed.publish(row!));
  tx.afterCommit(() => salesCommitted.inc({ kind: sale.kind }));
  // Latest Sales on the home page, and the leaderboard the sale's points move.
  invalidatePagesAfterCommit(tx, [pageTags.feed]);
  return row!;
}
