import { eq } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx } from "../context";
import { slabs } from "../db/schema";
import { DomainError } from "../errors";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";
import type { Cents } from "~/lib/money";
import { enqueueCardRecompute } from "./recompute-jobs";

/**
 * Pins slab `slabId`'s FMV at `fmvCents` (docs/product/value.md "When values change"): the
 * estimator's recomputes leave a pinned slab alone until staff unpin it (`fmvCents` null),
 * which enqueues its card's recompute so the slab follows the estimate again. Audited
 * (`slab.pin-fmv`, `slab.unpin-fmv`, with staff's `reason`) in the same transaction.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `slab_not_found` (404);
 * `fmv_invalid` (400) for a pinned value that is not a positive number of cents.
 */
export async function pinSlabFmv(
  ctx: Ctx,
  input: { slabId: number; fmvCents: Cents | null; reason: string },
): Promise<void> {
  requireStaff(ctx, "manageValues");
  if (input.fmvCents !== null && !(Number.isSafeInteger(input.fmvCents) && input.fmvCents > 0)) {
    throw new DomainError("fmv_invalid", "A pinned FMV must be more than $0.00", 400);
  }
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ cardId: slabs.cardId, fmvCents: slabs.fmvCents, fmvPinnedAt: slabs.fmvPinnedAt })
      .from(slabs)
      .where(eq(slabs.id, input.slabId))
      .for("update");
    if (!before) throw new DomainError("slab_not_found", "That slab was not found", 404);
    await tx.db
      .update(slabs)
      .set(
        input.fmvCents === null
          ? { fmvPinnedAt: null, updatedAt: tx.now() }
          : { fmvCents: input.fmvCents, fmvPinnedAt: tx.now(), updatedAt: tx.now() },
      )
      .where(eq(slabs.id, input.slabId));
    await recordAudit(tx, {
      action: input.fmvCents === null ? "slab.unpin-fmv" : "slab.pin-fmv",
      targetType: "slabs",
      targetId: input.slabId,
      before: { fmvCents: before.fmvCents, pinned: before.fmvPinnedAt !== null },
      after: {
        fmvCents: input.fmvCents ?? before.fmvCents,
        pinned: input.fmvCents !== null,
        reason: input.reason,
      },
    });
    if (input.fmvCents === null) await enqueueCardRecompute(tx, before.cardId);
    invalidatePagesAfterCommit(tx, [pageTags.card(before.cardId)]);
  });
}
