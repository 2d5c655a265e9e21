import { and, desc, eq } from "drizzle-orm";
import { inTransaction, type Ctx } from "../context";
import { submissionRequests } from "../db/schema";
import { DomainError } from "../errors";
import { intakeSubmittedSlab } from "../inventory/submission-slab";
import { marketActor } from "../policy/actor";
import type { NewSubmission } from "~/lib/schemas/market";

export type Submission = typeof submissionRequests.$inferSelect;

/**
 * Submits an item for the shop's evaluation (docs/product/market.md "Selling to the shop"):
 * a pending `submission_request`.
 * `form` is the form parsed once at the seam with `submissionSchema`
 * (docs/decisions/013-parsing-once-at-the-seam.md): the estimated value in cents or null.
 * @returns the submission's id.
 * @throws DomainError `not_signed_in` (401).
 */
export async function submitItem(ctx: Ctx, form: NewSubmission): Promise<{ submissionId: number }> {
  const userId = marketActor(ctx);
  const [row] = await ctx.db
    .insert(submissionRequests)
    .values({
      userId,
      itemName: form.itemName,
      itemDescription: form.itemDescription,
      estimatedValueCents: form.estimatedValue,
      category: form.category,
      notes: form.notes,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning({ id: submissionRequests.id });
  return { submissionId: row!.id };
}

/** The signed-in user's submissions, newest first (docs/product/market.md "Selling to the shop"). */
export async function listOwnSubmissions(ctx: Ctx): Promise<Submission[]> {
  const userId = marketActor(ctx);
  return ctx.db
    .select()
    .from(submissionRequests)
    .where(eq(submissionRequests.userId, userId))
    .orderBy(desc(submissionRequests.createdAt), desc(submissionRequests.id));
}

/**
 * The user accepts or rejects the shop's offer on their submission (docs/product/market.md "Selling to the shop"):
 * `offer_made` -> `accepted` or `rejected`, only while an offer is made. Accepting takes the
 * graded slab staff named on the offer into intake in the same transaction, as staff's own
 * acceptance does ({@link intakeSubmittedSlab}; none for an item that is not a graded card); the
 * submission's row lock orders it against staff's update, so the slab is taken in once
 * (docs/decisions/053-offer-names-its-slab.md).
 * @throws DomainError `no_shop_offer` (409) when the submission is not theirs or has no open
 * offer; `not_signed_in` (401); `slab_refused` (400) when the named slab's cert was taken in
 * since the offer was made (nothing changes).
 */
export async function answerShopOffer(
  ctx: Ctx,
  input: { submissionId: number; answer: "accept" | "reject" },
): Promise<void> {
  const userId = marketActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const [answered] = await tx.db
      .update(submissionRequests)
      .set({ status: input.answer === "accept" ? "accepted" : "rejected", updatedAt: tx.now() })
      .where(
        and(
          eq(submissionRequests.id, input.submissionId),
          eq(submissionRequests.userId, userId),
          eq(submissionRequests.status, "offer_made"),
        ),
      )
      .returning();
    if (!answered) {
      throw new DomainError("no_shop_offer", "There is no open offer on this submission", 409);
    }
    if (answered.status === "accepted") await intakeSubmittedSlab(tx, answered);
  });
}
