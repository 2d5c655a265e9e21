import { and, eq } from "drizzle-orm";
import type { TxCtx } from "../context";
import { slabs } from "../db/schema";

/**
 * Returns every slab of pack `packId`'s pool to the house's stock (DESIGN.md "Inventory (real
 * slabs)"), in the caller's transaction: a pack that is deleted leaves no slab behind in a
 * pool nobody can draw from. The slabs trigger records each move.
 * @returns how many slabs went back.
 */
export async function releasePool(tx: Pick<TxCtx, "db" | "now">, packId: number): Promise<number> {
  const released = await tx.db
    .update(slabs)
    .set({ state: "house_stock", packId: null, poolTier: null, updatedAt: tx.now() })
    .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
    .returning({ id: slabs.id });
  return released.length;
}
