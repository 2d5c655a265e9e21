import { and, desc, eq } from "drizzle-orm";
import { inTransaction, type Ctx } from "../context";
import { profiles, walletPayouts, type PayoutStatus } from "../db/schema";
import { DomainError } from "../errors";
import type { PaymentProvider } from "../wallet/payment-provider";
import { noticePayout, payOut, refundPayout } from "../wallet/payouts";
import { sandboxProvider } from "../wallet/sandbox-provider";
import { recordAudit } from "../policy/audit";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { Cents } from "~/lib/money";
import type { PayoutDecision } from "~/lib/schemas/admin";

const payoutGone = () =>
  new DomainError("payout_unavailable", "This withdrawal is no longer pending", 409);

/** What the Payouts tab shows of a withdrawal (the account number's last four digits only). */
export type AdminPayout = {
  id: number;
  amountCents: Cents;
  status: PayoutStatus;
  routingNumber: string;
  accountLast4: string;
  providerReference: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  userEmail: string | null;
};

/**
 * One page of withdrawals, pending first then newest, matching `q` in the user's email
 * (docs/decisions/009-held-offers-and-payouts.md).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listPayouts(ctx: Ctx, { page, q }: PageQuery): Promise<Paged<AdminPayout>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [profiles.email]);
  const matches = ctx.db
    .select({ payout: walletPayouts, userEmail: profiles.email })
    .from(walletPayouts)
    .leftJoin(profiles, eq(profiles.id, walletPayouts.userId))
    .where(where)
    .$dynamic();
  const paged = await readPage(
    ctx.db,
    page,
    matches,
    desc(eq(walletPayouts.status, "pending")),
    desc(walletPayouts.id),
  );
  return mapPage(paged, ({ payout, userEmail }) => ({
    id: payout.id,
    amountCents: payout.amountCents,
    status: payout.status,
    routingNumber: payout.routingNumber,
    accountLast4: payout.accountNumber.slice(-4),
    providerReference: payout.providerReference,
    createdAt: payout.createdAt,
    decidedAt: payout.decidedAt,
    userEmail,
  }));
}

/**
 * An admin approves or rejects a pending withdrawal (docs/decisions/009-held-offers-and-payouts.md),
 * audited in the same transaction as the decision. Approving claims it (pending ->
 * `processing`, a conditional update: of two admins, or an admin and the sandbox's automatic
 * approval, exactly one wins) and pays it out; rejecting (pending -> `rejected`, with the
 * admin's note) returns the amount to the user's wallet.
 * @returns the payout's status after the decision: `paid`, `failed` or `rejected`.
 * Takes `payoutDecisionSchema`'s output.
 * @throws DomainError `payout_unavailable` (409, 'This withdrawal is no
 * longer pending'); `forbidden` (403) for anyone but an admin.
 */
export async function decidePayout(
  ctx: Ctx,
  form: PayoutDecision,
  provider: PaymentProvider = sandboxProvider,
): Promise<PayoutStatus> {
  const admin = requireStaff(ctx, "managePayouts");
  const claimed = await inTransaction(ctx, async (tx) => {
    const [payout] = await tx.db
      .update(walletPayouts)
      .set({
        status: form.decision === "approve" ? "processing" : "rejected",
        decidedBy: admin.userId,
        decidedAt: tx.now(),
        providerReference: form.decision === "reject" ? form.note || "Rejected" : null,
      })
      .where(and(eq(walletPayouts.id, form.payoutId), eq(walletPayouts.status, "pending")))
      .returning();
    if (!payout) throw payoutGone();
    if (form.decision === "reject") {
      await refundPayout(tx, payout, `Withdrawal rejected${form.note ? `: ${form.note}` : ""}`);
      await noticePayout(tx, payout, "rejected", form.note || undefined);
    }
    await recordAudit(tx, {
      action: `payout.${form.decision}`,
      targetType: "payout",
      targetId: payout.id,
      before: { status: "pending", amountCents: payout.amountCents },
      after: { status: payout.status, note: form.note || null },
    });
    return payout;
  });
  ctx.log.info(
    { payoutId: claimed.id, decision: form.decision, by: admin.userId },
    "payout decided",
  );
  return claimed.status === "rejected" ? "rejected" : payOut(ctx, claimed, provider);
}
