import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { comps, slabs } from "../db/schema";
import { DomainError } from "../errors";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";
import type { Cents } from "~/lib/money";
import { COMP_SOURCE_PACKVAULT } from "~/lib/value/comps";
import { enqueueCardRecompute } from "./recompute-jobs";

/**
 * A comp as a point of a card's price history (docs/product/value.md "A card's page"): grader
 * and grade, price (cents), the sale's time and why it is excluded (null while it counts). The
 * chart's points and the page's newest sales select these columns.
 */
export const compPointColumns = {
  grader: comps.grader,
  grade: comps.grade,
  priceCents: comps.priceCents,
  soldAt: comps.soldAt,
  excludedReason: comps.excludedReason,
};

/**
 * Records a completed sale of slab `slabId` on PackVault (buy now, accepted offer, auction,
 * filled standing bid) as a comp (docs/product/value.md "Comps"), in the sale's own transaction:
 * its card, grader and grade, `amountCents`, the sale's time, source "PackVault" and the
 * marketplace `transactionId` (null for an auction or a standing bid, which have their own
 * rows); then enqueues the card's recompute.
 * A card with no slab (issued before inventory-backed packs) has no identity to price: the
 * caller passes no slab and nothing is recorded. Buybacks never come here.
 * @returns the comp's id, or null when there was no slab.
 */
export async function recordSaleComp(
  tx: Pick<TxCtx, "db" | "now">,
  sale: { slabId: number | null; transactionId: number | null; amountCents: Cents },
): Promise<number | null> {
  if (sale.slabId === null || sale.amountCents <= 0) return null;
  const [slab] = await tx.db
    .select({ cardId: slabs.cardId, grader: slabs.grader, grade: slabs.grade })
    .from(slabs)
    .where(eq(slabs.id, sale.slabId));
  if (!slab) return null;
  const [comp] = await tx.db
    .insert(comps)
    .values({
      ...slab,
      priceCents: sale.amountCents,
      soldAt: tx.now(),
      source: COMP_SOURCE_PACKVAULT,
      transactionId: sale.transactionId,
    })
    .returning({ id: comps.id });
  await enqueueCardRecompute(tx, slab.cardId);
  return comp!.id;
}

/**
 * Excludes comp `compId` from every estimate (an outlier, a shill sale: docs/product/value.md
 * "Excluded comps"), with staff's `reason`, audited (`comp.exclude`) in the same transaction;
 * the comp stays on the card's page, shown apart with its reason, and the card's values are
 * recomputed by the job enqueued here.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `comp_not_found` (404);
 * `comp_already_excluded` (409).
 */
export async function excludeComp(
  ctx: Ctx,
  input: { compId: number; reason: string },
): Promise<{ cardId: number }> {
  const staff = requireStaff(ctx, "manageValues");
  return inTransaction(ctx, async (tx) => {
    const [excluded] = await tx.db
      .update(comps)
      .set({ excludedAt: tx.now(), excludedReason: input.reason, excludedBy: staff.userId })
      .where(and(eq(comps.id, input.compId), isNull(comps.excludedAt)))
      .returning();
    if (!excluded) {
      const [existing] = await tx.db
        .select({ id: comps.id })
        .from(comps)
        .where(eq(comps.id, input.compId));
      if (!existing) throw new DomainError("comp_not_found", "That sale was not found", 404);
      throw new DomainError("comp_already_excluded", "That sale is already excluded", 409);
    }
    await recordAudit(tx, {
      action: "comp.exclude",
      targetType: "comps",
      targetId: excluded.id,
      before: { excludedAt: null },
      after: { excludedReason: input.reason, cardId: excluded.cardId },
    });
    await enqueueCardRecompute(tx, excluded.cardId);
    invalidatePagesAfterCommit(tx, [pageTags.card(excluded.cardId)]);
    return { cardId: excluded.cardId };
  });
}
