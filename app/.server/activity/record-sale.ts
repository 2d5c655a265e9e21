import type { Ctx } from "../context";
import { salesActivity } from "../db/schema";
import type { LedgerTx } from "../wallet/ledger";
import { latestSaleColumns } from "./latest-sales";
import type { LatestSale } from "~/lib/domain/activity";

/**
 * Writes a `sales_activity` row in the caller's transaction and announces it on the live
 * sales feed once that transaction commits (never when it rolls back): the one way a sale is
 * recorded, so no sale path can forget the feed (docs/decisions/012). Money in cents.
 */
export async function recordSale(
  ctx: Ctx,
  tx: Pick<LedgerTx, "insert">,
  sale: typeof salesActivity.$inferInsert,
): Promise<LatestSale> {
  const [row] = await tx.insert(salesActivity).values(sale).returning(latestSaleColumns);
  ctx.afterCommit(() => ctx.salesFeed.publish(row!));
  return row!;
}
