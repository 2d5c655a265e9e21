import { and, asc, desc, eq, gt } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { inTransaction, type Ctx } from "../context";
import { walletPayouts, walletTopUps } from "../db/schema";
import { DomainError } from "../errors";
import { lockUserWallets } from "./holds";
import { insufficientBalance, postMovement, userBalanceCents, type LedgerTx } from "./ledger";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";
import type { Cents } from "~/lib/money";
import type { Withdrawal } from "~/lib/schemas/wallet";
import { formatUtc } from "~/lib/time";

/**
 * Money added by card can be withdrawn this long after the top-up (a card payment can still be
 * disputed meanwhile): docs/decisions/009-held-offers-and-payouts.md.
 */
export const TOP_UP_WITHDRAW_DELAY_MS = 3 * 86_400_000;

/** Card top-ups still too recent to withdraw: amount and when it becomes withdrawable. */
export type LockedTopUp = { amountCents: Cents; availableOn: Date };

/** What the signed-in user may withdraw now, and what becomes withdrawable later. */
export type Withdrawable = {
  /** The available balance (not held for offers), in cents. */
  availableCents: Cents;
  /** The part of it that can be withdrawn now, in cents. */
  withdrawableCents: Cents;
  /** Recent card top-ups, oldest first: each one's amount becomes withdrawable on its date. */
  locked: LockedTopUp[];
};

async function recentTopUps(
  tx: Pick<LedgerTx, "select">,
  userId: string,
  now: Date,
): Promise<LockedTopUp[]> {
  const rows = await tx
    .select({ amountCents: walletTopUps.amountCents, createdAt: walletTopUps.createdAt })
    .from(walletTopUps)
    .where(
      and(
        eq(walletTopUps.userId, userId),
        eq(walletTopUps.status, "succeeded"),
        gt(walletTopUps.createdAt, new Date(now.getTime() - TOP_UP_WITHDRAW_DELAY_MS)),
      ),
    )
    .orderBy(asc(walletTopUps.createdAt));
  return rows.map((row) => ({
    amountCents: row.amountCents,
    availableOn: new Date(row.createdAt.getTime() + TOP_UP_WITHDRAW_DELAY_MS),
  }));
}

/**
 * What `userId` can withdraw at `now`: the available balance minus every card top-up of the
 * last 3 days (never below zero). The money is fungible, so the most recent top-ups are taken
 * to be what is still in the wallet.
 */
export async function withdrawableOf(
  tx: Pick<LedgerTx, "select">,
  userId: string,
  now: Date,
): Promise<Withdrawable> {
  const availableCents = await userBalanceCents(tx, userId);
  const locked = await recentTopUps(tx, userId, now);
  const lockedCents = locked.reduce((sum, topUp) => sum + topUp.amountCents, 0);
  return { availableCents, withdrawableCents: Math.max(0, availableCents - lockedCents), locked };
}

/** When `amountCents` becomes withdrawable as the locked top-ups mature, oldest first. */
function withdrawableOn(state: Withdrawable, amountCents: Cents): Date | null {
  let lockedCents = state.locked.reduce((sum, topUp) => sum + topUp.amountCents, 0);
  for (const topUp of state.locked) {
    lockedCents -= topUp.amountCents;
    if (state.availableCents - lockedCents >= amountCents) return topUp.availableOn;
  }
  return null;
}

/** The signed-in user's withdrawal state. @throws DomainError `not_signed_in` (401). */
export async function withdrawalState(ctx: Ctx): Promise<Withdrawable> {
  return withdrawableOf(ctx.db, ownerId(ctx), ctx.now());
}

/**
 * Requests a withdrawal of the signed-in user's funds to a bank account
 * (docs/decisions/009-held-offers-and-payouts.md). In one transaction, under the user's wallet
 * lock: the amount must be at most the available balance, and at most what is withdrawable
 * (card top-ups wait 3 days); a pending payout is recorded under the form's idempotency key (a
 * doubled submission finds the first) and the amount moves at once from the wallet to the
 * `payouts` account (`withdrawal`). It leaves the ledger when paid (payouts.ts).
 * `form` is the Withdraw funds form parsed once at the seam with `withdrawSchema` (at least
 * $10, in cents; the bank account's digits; docs/decisions/013-parsing-once-at-the-seam.md).
 * @returns the payout's id and amount.
 * @throws DomainError `insufficient_balance` (402,
 * 'Insufficient balance'); `funds_not_yet_withdrawable` (409, '... Available to withdraw on
 * {date}'); `not_signed_in` (401). Nothing changes when refused.
 */
export async function requestWithdrawal(
  ctx: Ctx,
  form: Withdrawal,
  provider: PaymentProvider = sandboxProvider,
): Promise<{ payoutId: number; amountCents: Cents }> {
  const userId = ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    await lockUserWallets(tx, [userId]);
    const [earlier] = await tx.db
      .select({ id: walletPayouts.id, amountCents: walletPayouts.amountCents })
      .from(walletPayouts)
      .where(
        and(
          eq(walletPayouts.userId, userId),
          eq(walletPayouts.idempotencyKey, form.idempotencyKey),
        ),
      );
    if (earlier) return { payoutId: earlier.id, amountCents: earlier.amountCents };
    const state = await withdrawableOf(tx.db, userId, tx.now());
    if (form.amountCents > state.availableCents) throw insufficientBalance();
    if (form.amountCents > state.withdrawableCents) {
      const on = withdrawableOn(state, form.amountCents)!;
      throw new DomainError(
        "funds_not_yet_withdrawable",
        `Funds from a card top-up can be withdrawn 3 days after it. Available to withdraw on ${formatUtc(on)}`,
        409,
      );
    }
    const [payout] = await tx.db
      .insert(walletPayouts)
      .values({
        userId,
        idempotencyKey: form.idempotencyKey,
        amountCents: form.amountCents,
        provider: provider.name,
        routingNumber: form.bank.routingNumber,
        accountNumber: form.bank.accountNumber,
        createdAt: tx.now(),
      })
      .returning({ id: walletPayouts.id });
    await postMovement(tx.db, {
      kind: "withdrawal",
      reference: `payout:${payout!.id}`,
      description: `Withdrawal to bank account ending ${form.bank.accountNumber.slice(-4)}`,
      legs: [
        { account: { userId }, amountCents: -form.amountCents },
        { account: "payouts", amountCents: form.amountCents },
      ],
    });
    return { payoutId: payout!.id, amountCents: form.amountCents };
  });
}

/** One of the signed-in user's withdrawals, as the wallet page lists them. */
export type MyPayout = {
  id: number;
  amountCents: Cents;
  accountLast4: string;
  status: (typeof walletPayouts.$inferSelect)["status"];
  createdAt: Date;
  decidedAt: Date | null;
};

/** The signed-in user's 10 latest withdrawals, newest first. */
export async function myPayouts(ctx: Ctx): Promise<MyPayout[]> {
  const rows = await ctx.db
    .select({
      id: walletPayouts.id,
      amountCents: walletPayouts.amountCents,
      accountNumber: walletPayouts.accountNumber,
      status: walletPayouts.status,
      createdAt: walletPayouts.createdAt,
      decidedAt: walletPayouts.decidedAt,
    })
    .from(walletPayouts)
    .where(eq(walletPayouts.userId, ownerId(ctx)))
    .orderBy(desc(walletPayouts.id))
    .limit(10);
  return rows.map(({ accountNumber, ...row }) => ({
    ...row,
    accountLast4: accountNumber.slice(-4),
  }));
}
