import { eq } from "drizzle-orm";
import type { TxCtx } from "../context";
import { slabs, type submissionRequests } from "../db/schema";
import { DomainError } from "../errors";
import { moveSlabInTx, writeOff } from "./custody";
import { checkSlabFields, takeInSlab } from "./take-in";
import { submissionReference } from "~/lib/domain/market";
import { SLAB_STATE_LABELS } from "~/lib/slabs";
import type { SlabIdentity } from "~/lib/schemas/admin";

/** Where a slab bought from a collector waits until it is binned. */
export const SUBMISSION_BIN = "INTAKE";

/** The intake fields of a slab with this identity, priced at `dollars` (cost and FMV). */
const intakeFields = ({ grader, cert, card, grade }: SlabIdentity, dollars: string) => [
  grader,
  cert,
  card,
  grade,
  dollars,
  dollars,
  SUBMISSION_BIN,
];

/**
 * The slab identity staff typed on a submission (grader, cert, catalogue card id, grade), checked
 * by the intake's rules in the caller's transaction (any price: pooling checks the tiers later),
 * as the submission keeps it until an acceptance takes the slab in
 * (docs/decisions/053-offer-names-its-slab.md). Every field empty means the item is not a graded
 * card (a comic, a sealed box): `null`.
 * @returns the identity with the grader canonical and the card id and grade as numbers in text,
 * or null.
 * @throws DomainError `slab_refused` (400) with the intake's message, capitalised (unknown card,
 * unknown grader, grade outside the grader's scale, a cert already in the inventory) when some
 * fields are given but not all, or one is malformed.
 */
export async function checkedSlabIdentity(
  tx: TxCtx,
  { grader, cert, card, grade }: SlabIdentity,
): Promise<SlabIdentity | null> {
  if ([grader, cert, card, grade].every((field) => field === "")) return null;
  const row = await checkSlabFields(tx, intakeFields({ grader, cert, card, grade }, "0.00"), false);
  return { grader: row.grader, cert: row.cert, card: String(row.cardId), grade: String(row.grade) };
}

/**
 * Takes the slab of an accepted sell-to-shop submission into the inventory (docs/design.md
 * "Inventory (real slabs)": the shop's own sourcing loop closes), in the caller's transaction,
 * whoever accepted (staff in the Submissions tab, or the collector accepting the offer on /sell):
 * a slab in state `intake` with the identity the submission keeps
 * ({@link checkedSlabIdentity}), acquired on `tx.now()`'s date for the price paid (the offer,
 * in cents, which is also its first FMV), in bin {@link SUBMISSION_BIN}, linked to the
 * submission (one slab per submission: a unique `slabs.submission_id`). A submission with no
 * identity (not a graded card) makes no slab: `null` (docs/decisions/050-submission-slabs.md,
 * docs/decisions/053-offer-names-its-slab.md).
 * @returns the new slab's id, or null.
 * @throws DomainError `slab_refused` (400) with the intake's message when the identity no longer
 * makes a valid slab (its cert was taken in since it was checked); `offer_required` (400) when
 * the submission has no offer.
 */
export async function intakeSubmittedSlab(
  tx: TxCtx,
  submission: typeof submissionRequests.$inferSelect,
): Promise<{ slabId: number } | null> {
  const identity = submission.slabIdentity;
  if (!identity) return null;
  const paid = submission.offerAmountCents;
  if (!paid) {
    throw new DomainError("offer_required", "Make an offer before accepting a submission", 400);
  }
  const slab = await takeInSlab(
    tx,
    intakeFields(identity, (paid / 100).toFixed(2)),
    { submissionId: submission.id },
    false,
  );
  return { slabId: slab.id };
}

/**
 * When staff move an accepted submission to another status (the house no longer buys the item),
 * its slab leaves the inventory in the caller's transaction: a slab still in intake (not yet
 * received) is written off with the reason "PV-SUB-… moved to {status}", audited
 * (`inventory.write_off`) and kept in its history; a slab already written off stays so; a
 * submission without a slab changes nothing (docs/decisions/060-submission-slab-follows-its-status.md).
 * @throws DomainError `submission_slab_in_stock` (409) when the slab has been received (house
 * stock, a pool, a collector's): staff write it off in the Inventory tab first.
 */
export async function releaseSubmittedSlab(
  tx: TxCtx,
  submission: { id: number; status: string },
): Promise<void> {
  const [slab] = await tx.db
    .select({ id: slabs.id, state: slabs.state })
    .from(slabs)
    .where(eq(slabs.submissionId, submission.id))
    .for("update");
  if (!slab || slab.state === "written_off") return;
  if (slab.state !== "intake") {
    throw new DomainError(
      "submission_slab_in_stock",
      `This submission's slab has been received (now: ${SLAB_STATE_LABELS[slab.state].toLowerCase()}); write it off in the Inventory tab before changing the submission's status.`,
      409,
    );
  }
  const reason = `${submissionReference(submission.id)} moved to ${submission.status}`;
  await moveSlabInTx(tx, writeOff(slab.id, ["intake"], reason));
}
