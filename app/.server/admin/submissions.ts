import { notify } from "../notifications/notify";
import { formatCents } from "~/lib/money";
import { STORE_LOCATION } from "~/lib/store";
import {
  SELL_TO_US_NEXT_STEPS,
  submissionLabelPath,
  submissionReference,
} from "~/lib/domain/market";
import { desc, eq } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { profiles, submissionRequests } from "../db/schema";
import { DomainError } from "../errors";
import {
  checkedSlabIdentity,
  intakeSubmittedSlab,
  releaseSubmittedSlab,
} from "../inventory/submission-slab";
import { recordAudit } from "../policy/audit";
import { readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { Cents } from "~/lib/money";
import type { SubmissionStatus } from "~/lib/domain/submission-status";
import {
  type SlabIdentity,
  type SubmissionDeletion,
  type SubmissionUpdate,
} from "~/lib/schemas/admin";

/** One row of the Submissions tab (docs/product/administration.md, submission_request, with its user). */
export type AdminSubmission = {
  id: number;
  itemName: string;
  itemDescription: string;
  category: string;
  notes: string | null;
  estimatedValueCents: Cents | null;
  offerAmountCents: Cents | null;
  /** The graded slab staff read off it, or null (not a graded card, or not read yet). */
  slabIdentity: SlabIdentity | null;
  status: SubmissionStatus;
  createdAt: Date;
  updatedAt: Date;
  userId: string;
  userEmail: string;
  userName: string;
};

/**
 * One page of submissions, newest first, matching `q` in the item's name or the user's email or
 * name (case-insensitive), or by the reference on its shipping label (`PV-SUB-000042`), with the
 * total of matches (docs/product/administration.md, Submissions: list).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listSubmissions(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<Paged<AdminSubmission>> {
  requireStaff(ctx, "view");
  const reference = q?.trim().match(/^pv-sub-0*(\d{1,9})$/i);
  const where = searchAny(
    q,
    [submissionRequests.itemName, profiles.email, profiles.fullName],
    reference ? eq(submissionRequests.id, Number(reference[1])) : undefined,
  );
  const matches = ctx.db
    .select({
      id: submissionRequests.id,
      itemName: submissionRequests.itemName,
      itemDescription: submissionRequests.itemDescription,
      category: submissionRequests.category,
      notes: submissionRequests.notes,
      estimatedValueCents: submissionRequests.estimatedValueCents,
      offerAmountCents: submissionRequests.offerAmountCents,
      slabIdentity: submissionRequests.slabIdentity,
      status: submissionRequests.status,
      createdAt: submissionRequests.createdAt,
      updatedAt: submissionRequests.updatedAt,
      userId: profiles.id,
      userEmail: profiles.email,
      userName: profiles.fullName,
    })
    .from(submissionRequests)
    .innerJoin(profiles, eq(profiles.id, submissionRequests.userId))
    .where(where)
    .$dynamic();
  return readPage(
    ctx.db,
    page,
    matches,
    desc(submissionRequests.createdAt),
    desc(submissionRequests.id),
  );
}

type SubmissionRow = typeof submissionRequests.$inferSelect;

/** What an audit row records of a submission. */
const snapshotOf = (row: SubmissionRow) => ({
  userId: row.userId,
  itemName: row.itemName,
  status: row.status,
  estimatedValueCents: row.estimatedValueCents,
  offerAmountCents: row.offerAmountCents,
  slabIdentity: row.slabIdentity,
});

/** The submission `submissionId`, locked until the transaction ends; 404 when gone. */
async function lockSubmission(tx: Pick<TxCtx, "db">, submissionId: number): Promise<SubmissionRow> {
  const [row] = await tx.db
    .select()
    .from(submissionRequests)
    .where(eq(submissionRequests.id, submissionId))
    .for("update");
  if (!row) throw new DomainError("submission_not_found", "Submission not found", 404);
  return row;
}

/** Whether two kept slab identities name the same slab (jsonb does not keep the keys' order). */
const sameSlab = (a: SlabIdentity | null, b: SlabIdentity | null) =>
  a === null || b === null
    ? a === b
    : a.grader === b.grader && a.cert === b.cert && a.card === b.card && a.grade === b.grade;

/** Where a collector follows their submissions. */
const submissionLink = (id: number) => `/sell#submission-${id}`;

/**
 * The submitter hears that staff moved their submission (in the update's transaction, keyed by
 * submission and status, or by the offer's amount: a retried update tells them once): under
 * review, an offer made (with the next steps and the prepaid label's link, docs/product/market.md
 * "Selling to the shop"), accepted (the label is ready) or rejected. Back to `pending` says
 * nothing.
 */
async function noticeSubmissionStatus(tx: TxCtx, after: SubmissionRow): Promise<void> {
  const what = `your submission #${after.id} (${after.itemName})`;
  const reference = submissionReference(after.id);
  const path = submissionLabelPath(after.id);
  const nextSteps = (when: string) => [
    `Next steps${when} (the label is addressed to ${STORE_LOCATION}):`,
    ...SELL_TO_US_NEXT_STEPS.map((step, index) => `${index + 1}. ${step}`),
  ];
  const base = { userId: after.userId, link: submissionLink(after.id) };
  switch (after.status) {
    case "reviewing":
      await notify(tx, {
        ...base,
        kind: "submission.reviewing",
        title: `We are reviewing ${after.itemName}`,
        body: `We are reviewing ${what}. We will tell you when we make an offer.`,
        key: `submission:${after.id}:reviewing`,
      });
      return;
    case "offer_made": {
      if (!after.offerAmountCents) return;
      const amount = formatCents(after.offerAmountCents);
      await notify(tx, {
        ...base,
        kind: "submission.offer",
        title: `We offer ${amount} for ${after.itemName}`,
        body: `We reviewed ${what} and offer ${amount}. Accept or decline it on the Sell page; once you accept, print your prepaid shipping label there.`,
        key: `submission:${after.id}:offer:${after.offerAmountCents}`,
        mailLines: nextSteps(" once you accept"),
        mailLinks: [{ label: `Your prepaid shipping label (${reference}, once you accept)`, path }],
      });
      return;
    }
    case "accepted":
      await notify(tx, {
        ...base,
        kind: "submission.accepted",
        title: `Your submission of ${after.itemName} is accepted`,
        body: `We accepted ${what}. Print your prepaid shipping label on the Sell page and send the item.`,
        key: `submission:${after.id}:accepted`,
        mailLines: nextSteps(""),
        mailLinks: [{ label: `Your prepaid shipping label (${reference})`, path }],
      });
      return;
    case "rejected":
      await notify(tx, {
        ...base,
        kind: "submission.rejected",
        title: `Your submission of ${after.itemName} was declined`,
        body: `We declined ${what}; we will not buy it. Nothing was charged and nothing needs to be sent.`,
        key: `submission:${after.id}:rejected`,
      });
      return;
  }
}

/**
 * What a staff update does to the submission's slab (docs/decisions/050-submission-slabs.md,
 * docs/decisions/060-submission-slab-follows-its-status.md): a submission accepted now, or
 * accepted before without a slab and given one now, takes its slab into intake; one moved away
 * from `accepted` releases its slab.
 * @returns the slab taken in, or null.
 * @throws DomainError as {@link intakeSubmittedSlab} and {@link releaseSubmittedSlab}.
 */
async function followStatus(
  tx: TxCtx,
  before: SubmissionRow,
  after: SubmissionRow,
): Promise<{ slabId: number } | null> {
  if (after.status !== "accepted") {
    if (before.status === "accepted") await releaseSubmittedSlab(tx, after);
    return null;
  }
  const tookInBefore = before.status === "accepted" && before.slabIdentity !== null;
  return tookInBefore ? null : intakeSubmittedSlab(tx, after);
}

/**
 * Updates a submission's status, estimated value, offer amount and slab identity as staff
 * (docs/product/administration.md: submission_requests update {status, estimated_value?, offer_amount?}; admins and
 * moderators, docs/product/administration.md "Roles and capabilities"), in one transaction with an audit row of before and after. An
 * empty amount clears it; `offer_made` needs an offer amount. Nothing is written when nothing
 * changes. A new status is told to the submitter ({@link noticeSubmissionStatus}). The grader,
 * cert, card and grade the form carries are checked and kept on the submission
 * ({@link checkedSlabIdentity}; all four empty: not a graded card) until it is accepted with a
 * slab, from then on they stay as they were. Accepting (a move to `accepted`, or an accepted
 * submission without a slab given one) takes the slab into intake in the same transaction
 * ({@link intakeSubmittedSlab}), as the collector's own acceptance on /sell does; moving an
 * accepted submission away writes its slab off while it is still in intake
 * ({@link releaseSubmittedSlab}). When the fields cannot make a valid slab the whole update is
 * refused and nothing changes (docs/decisions/050-submission-slabs.md,
 * docs/decisions/053-offer-names-its-slab.md,
 * docs/decisions/060-submission-slab-follows-its-status.md).
 * Takes `updateSubmissionSchema`'s output.
 * @throws DomainError `submission_not_found` (404), `forbidden` (403) for anyone but staff;
 * `slab_refused` (400) from {@link checkedSlabIdentity} or {@link intakeSubmittedSlab},
 * `offer_required` (400) from {@link intakeSubmittedSlab}; `submission_slab_in_stock` (409) from
 * {@link releaseSubmittedSlab}.
 */
export async function updateSubmission(ctx: Ctx, form: SubmissionUpdate): Promise<void> {
  requireStaff(ctx, "updateSubmission");
  await inTransaction(ctx, async (tx) => {
    const before = await lockSubmission(tx, form.submissionId);
    const keptSlab = before.status === "accepted" && before.slabIdentity !== null;
    const slabIdentity = keptSlab ? before.slabIdentity : await checkedSlabIdentity(tx, form);
    if (
      before.status === form.status &&
      before.estimatedValueCents === form.estimatedValue &&
      before.offerAmountCents === form.offerAmount &&
      sameSlab(before.slabIdentity, slabIdentity)
    ) {
      return;
    }
    const [after] = await tx.db
      .update(submissionRequests)
      .set({
        status: form.status,
        estimatedValueCents: form.estimatedValue,
        offerAmountCents: form.offerAmount,
        slabIdentity,
        updatedAt: tx.now(),
      })
      .where(eq(submissionRequests.id, form.submissionId))
      .returning();
    const slab = await followStatus(tx, before, after!);
    if (
      after &&
      (after.status !== before.status || after.offerAmountCents !== before.offerAmountCents)
    ) {
      await noticeSubmissionStatus(tx, after);
    }
    await recordAudit(tx, {
      action: "submission.update",
      targetType: "submission",
      targetId: form.submissionId,
      before: snapshotOf(before),
      after: { ...snapshotOf(after!), slabId: slab?.slabId ?? null },
    });
  });
  ctx.log.info(
    { submissionId: form.submissionId, status: form.status, by: ctx.actor?.userId },
    "submission updated by staff",
  );
}

/**
 * Deletes a submission for good (docs/product/administration.md: submission_requests delete), admins only, in
 * one transaction with an audit row holding the submission as it was.
 * @throws DomainError `submission_not_found` (404), `forbidden` (403) for anyone but an admin.
 */
export async function deleteSubmission(
  ctx: Ctx,
  { submissionId }: SubmissionDeletion,
): Promise<void> {
  requireStaff(ctx, "deleteSubmission");
  await inTransaction(ctx, async (tx) => {
    const before = await lockSubmission(tx, submissionId);
    await recordAudit(tx, {
      action: "submission.delete",
      targetType: "submission",
      targetId: submissionId,
      before: { ...snapshotOf(before), itemDescription: before.itemDescription },
      after: null,
    });
    await tx.db.delete(submissionRequests).where(eq(submissionRequests.id, submissionId));
  });
  ctx.log.info({ submissionId, by: ctx.actor?.userId }, "submission deleted by staff");
}
