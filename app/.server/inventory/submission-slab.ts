import type { TxCtx } from "../context";
import type { submissionRequests } from "../db/schema";
import { DomainError } from "../errors";
import { takeInSlab } from "./take-in";
import type { SlabIdentity } from "~/lib/schemas/admin";

/** Where a slab bought from a collector waits until it is binned. */
export const SUBMISSION_BIN = "INTAKE";

/**
 * Takes the slab of an accepted sell-to-shop submission into the inventory (DESIGN.md
 * "Inventory (real slabs)": the shop's own sourcing loop closes), in the caller's transaction:
 * a slab in state `intake` with the card, grader, cert and grade staff read off it, acquired on
 * `tx.now()`'s date for the price paid (the offer, in cents, which is also its first FMV), in
 * bin {@link SUBMISSION_BIN}, linked to the submission (one slab per submission: a unique
 * `slabs.submission_id`). The fields are checked as a CSV line of the intake is, except that
 * any price is taken in (pooling checks the tiers later). An identity with every field empty
 * means the item is not a graded card (a comic, a sealed box): no slab, `null`
 * (docs/decisions/050-submission-slabs.md).
 * @returns the new slab's id, or null.
 * @throws DomainError `slab_refused` (400) with the intake's message, capitalised (unknown card, unknown
 * grader, grade outside the grader's scale, a cert already in the inventory) for an identity
 * that cannot make a valid slab (some fields given, not all, or a malformed field);
 * `offer_required` (400) when the submission has no offer.
 */
export async function intakeSubmittedSlab(
  tx: TxCtx,
  submission: typeof submissionRequests.$inferSelect,
  identity: SlabIdentity,
): Promise<{ slabId: number } | null> {
  const { grader, cert, card, grade } = identity;
  if ([grader, cert, card, grade].every((field) => field === "")) return null;
  const paid = submission.offerAmountCents;
  if (!paid) {
    throw new DomainError("offer_required", "Make an offer before accepting a submission", 400);
  }
  const dollars = (paid / 100).toFixed(2);
  const slab = await takeInSlab(
    tx,
    [grader, cert, card, grade, dollars, dollars, SUBMISSION_BIN],
    { submissionId: submission.id },
    false,
  );
  return { slabId: slab.id };
}
