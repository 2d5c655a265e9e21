import { notify } from "../notifications/notify";
import { formatCents } from "~/lib/money";
import { and, asc, eq, lte, or } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { payoutsSettled } from "../metrics";
import { walletPayouts, type PayoutStatus } from "../db/schema";
import { postMovement } from "./ledger";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";

/** The sandbox approves a withdrawal no admin acted on after this long (seconds). */
export const PAYOUT_AUTO_APPROVE_SECONDS = 60;
/** A payout left `processing` this long (a crash mid-payout) is retried with its own key. */
const STUCK_PROCESSING_MS = 5 * 60_000;

export type PayoutRow = typeof walletPayouts.$inferSelect;

/**
 * Pays a claimed (`processing`) payout through `provider`, outside any transaction (a provider
 * is a network call; its idempotency key `payout:{id}` makes a retry pay once), then records
 * the answer in one transaction: `paid` and the money leaves the ledger (`payout`), or
 * `failed` with the provider's reason and the amount returns to the wallet
 * (`withdrawal_refund`). Each is a conditional update from `processing`, so it lands once.
 */
export async function payOut(
  ctx: Ctx,
  payout: PayoutRow,
  provider: PaymentProvider,
): Promise<PayoutStatus> {
  const result = await provider.payout({
    amountCents: payout.amountCents,
    bank: { routingNumber: payout.routingNumber, accountNumber: payout.accountNumber },
    idempotencyKey: `payout:${payout.id}`,
  });
  return inTransaction(ctx, async (tx) => {
    const status = result.status === "paid" ? "paid" : "failed";
    const [done] = await tx.db
      .update(walletPayouts)
      .set({
        status,
        providerReference: result.status === "paid" ? result.reference : result.reason,
      })
      .where(and(eq(walletPayouts.id, payout.id), eq(walletPayouts.status, "processing")))
      .returning();
    if (!done) return (await currentStatus(tx, payout.id)) ?? status;
    tx.afterCommit(() => payoutsSettled.inc({ status }));
    if (status === "paid") {
      await postMovement(tx.db, {
        kind: "payout",
        reference: `payout:${done.id}`,
        description: `Paid out to bank account ending ${done.accountNumber.slice(-4)}`,
        legs: [{ account: "payouts", amountCents: -done.amountCents }],
      });
      await noticePayout(tx, done, "paid");
    } else {
      await noticePayout(tx, done, "rejected", result.status === "failed" ? result.reason : "");
      await refundPayout(
        tx,
        done,
        `Withdrawal failed: ${result.status === "failed" ? result.reason : ""}`,
      );
    }
    return status;
  });
}

/**
 * Tells the user their withdrawal was paid, or rejected (or failed) with its amount back in the
 * wallet, in the caller's transaction.
 */
export async function noticePayout(
  tx: TxCtx,
  payout: PayoutRow,
  outcome: "paid" | "rejected",
  reason?: string,
): Promise<void> {
  const amount = formatCents(payout.amountCents);
  const account = payout.accountNumber.slice(-4);
  await notify(tx, {
    userId: payout.userId,
    kind: outcome === "paid" ? "withdrawal.paid" : "withdrawal.rejected",
    title: outcome === "paid" ? `Withdrawal of ${amount} paid` : `Withdrawal of ${amount} not paid`,
    body:
      outcome === "paid"
        ? `${amount} was paid out to your bank account ending ${account}.`
        : `Your withdrawal of ${amount} was not paid${reason ? ` (${reason})` : ""}; the amount is back in your wallet.`,
    link: "/wallet",
    key: `payout:${payout.id}:${outcome}`,
  });
}

async function currentStatus(
  tx: Pick<TxCtx, "db">,
  payoutId: number,
): Promise<PayoutStatus | undefined> {
  const [row] = await tx.db
    .select({ status: walletPayouts.status })
    .from(walletPayouts)
    .where(eq(walletPayouts.id, payoutId));
  return row?.status;
}

/**
 * Returns a failed or rejected withdrawal's amount to its user's wallet (`withdrawal_refund`),
 * in the caller's transaction (which has just moved it out of `pending`/`processing`).
 */
export async function refundPayout(
  tx: Pick<TxCtx, "db">,
  payout: PayoutRow,
  description: string,
): Promise<void> {
  await postMovement(tx.db, {
    kind: "withdrawal_refund",
    reference: `payout:${payout.id}`,
    description,
    legs: [
      { account: "payouts", amountCents: -payout.amountCents },
      { account: { userId: payout.userId! }, amountCents: payout.amountCents },
    ],
  });
}

/**
 * The sandbox's automatic approval (docs/decisions/009-held-offers-and-payouts.md): pays out
 * every withdrawal still pending {@link PAYOUT_AUTO_APPROVE_SECONDS} after it was requested, and
 * retries payouts left `processing` for 5 minutes (same idempotency key: paid once). The
 * server calls it periodically; safe on several instances at once (each claim is a conditional
 * update).
 * @returns how many payouts this call settled.
 */
export async function approveDuePayouts(
  ctx: Ctx,
  provider: PaymentProvider = sandboxProvider,
): Promise<number> {
  const now = ctx.now().getTime();
  const due = await ctx.db
    .select({ id: walletPayouts.id, status: walletPayouts.status })
    .from(walletPayouts)
    .where(
      or(
        and(
          eq(walletPayouts.status, "pending"),
          lte(walletPayouts.createdAt, new Date(now - PAYOUT_AUTO_APPROVE_SECONDS * 1000)),
        ),
        and(
          eq(walletPayouts.status, "processing"),
          lte(walletPayouts.decidedAt, new Date(now - STUCK_PROCESSING_MS)),
        ),
      ),
    )
    .orderBy(asc(walletPayouts.id))
    .limit(100);
  let settled = 0;
  for (const { id, status } of due) {
    const [claimed] = await ctx.db
      .update(walletPayouts)
      .set({ status: "processing", decidedAt: ctx.now() })
      .where(
        and(
          eq(walletPayouts.id, id),
          status === "pending"
            ? eq(walletPayouts.status, "pending")
            : and(
                eq(walletPayouts.status, "processing"),
                lte(walletPayouts.decidedAt, new Date(now - STUCK_PROCESSING_MS)),
              ),
        ),
      )
      .returning();
    if (!claimed) continue;
    await payOut(ctx, claimed, provider);
    settled += 1;
  }
  return settled;
}
