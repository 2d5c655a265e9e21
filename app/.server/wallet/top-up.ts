import { and, eq } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { inTransaction, type Ctx } from "../context";
import { walletTopUps } from "../db/schema";
import { DomainError } from "../errors";
import { assertMayPlay } from "../policy/guard";
import { postMovement } from "./ledger";
import type { PaymentProvider } from "./payment-provider";
import { sandboxProvider } from "./sandbox-provider";
import type { Cents } from "~/lib/money";
import type { TopUp } from "~/lib/schemas/wallet";

/**
 * Adds funds to the signed-in user's wallet through `provider` (docs/product/wallet.md "Adding funds"). `form` is
 * the Add funds form parsed once at the seam with `topUpSchema` at the request's clock (amount
 * $5-$10,000 in cents, Luhn, expiry, CVC; docs/decisions/013-parsing-once-at-the-seam.md). In one
 * transaction: the play guard locks the user's play account and refuses a break, an
 * unconfirmed date of birth or a deposit limit (docs/decisions/010-responsible-play.md); the
 * charge is made while that lock is held (only this user's guarded movements wait; no wallet
 * row is locked yet), with the form's idempotency key; then the top-up is recorded under that
 * key (once per user: a doubled or retried submission finds the first and credits nothing more)
 * and the `top_up` ledger entry is written. A declined charge is recorded and changes no
 * balance; a refused one is never charged.
 * @returns the amount added, in cents.
 * @throws DomainError `card_declined` (402) with the provider's reason ('Your card was declined'); `not_signed_in` (401);
 * `play_paused`, `date_of_birth_required`, `limit_exceeded` (403) from the play guard.
 */
export async function addFunds(
  ctx: Ctx,
  form: TopUp,
  provider: PaymentProvider = sandboxProvider,
): Promise<{ amountCents: Cents }> {
  const userId = ownerId(ctx);
  const earlier = await findTopUp(ctx, userId, form.idempotencyKey);
  if (earlier) return settled(earlier);

  const recorded = await inTransaction(ctx, async (tx) => {
    await assertMayPlay(tx, { userId, kind: "deposit", amountCents: form.amountCents });
    const result = await provider.charge(form);
    const [topUp] = await tx.db
      .insert(walletTopUps)
      .values({
        userId,
        idempotencyKey: form.idempotencyKey,
        amountCents: form.amountCents,
        provider: provider.name,
        status: result.status,
        providerReference: result.status === "succeeded" ? result.reference : result.reason,
        cardLast4: form.card.number.slice(-4),
        createdAt: tx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (topUp?.status === "succeeded") {
      await postMovement(tx.db, {
        kind: "top_up",
        reference: `top_up:${topUp.id}`,
        description: `Added funds (card ending ${topUp.cardLast4})`,
        legs: [{ account: { userId }, amountCents: topUp.amountCents }],
      });
    }
    return topUp;
  });
  return settled(recorded ?? (await findTopUp(ctx, userId, form.idempotencyKey))!);
}

type TopUpRow = typeof walletTopUps.$inferSelect;

async function findTopUp(ctx: Ctx, userId: string, idempotencyKey: string) {
  const [row] = await ctx.db
    .select()
    .from(walletTopUps)
    .where(and(eq(walletTopUps.userId, userId), eq(walletTopUps.idempotencyKey, idempotencyKey)));
  return row;
}

function settled(topUp: TopUpRow): { amountCents: Cents } {
  if (topUp.status === "declined") {
    throw new DomainError("card_declined", topUp.providerReference, 402);
  }
  return { amountCents: topUp.amountCents };
}
