import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { walletAccounts, walletEntries, type WalletEntryKind } from "../db/schema";
import { DomainError } from "../errors";
import type { Cents } from "~/lib/money";

/** A transaction (or the database) a ledger write joins; it never opens its own. */
export type LedgerTx = Pick<Database, "insert" | "select" | "update">;

/** Whose account a leg moves: a collector's wallet, or one of the house accounts. */
export type AccountRef = { userId: string } | "platform" | "escrow" | "holds" | "payouts";

/** One account's side of a money movement, in signed cents (positive credits it). */
export type Leg = { account: AccountRef; amountCents: Cents };

export type Movement = {
  kind: WalletEntryKind;
  /** What the movement pays for: `pack_opening:42`, `buyback_offer:7`. */
  reference: string;
  /** Shown in the wallet history. */
  description: string;
  legs: Leg[];
};

/** The ledger entries a movement wrote, one per leg, in the order of `legs`. */
export type PostedEntry = { accountId: number; amountCents: Cents; balanceAfterCents: Cents };

/** A user's or the escrow's balance would go below zero (DESIGN.md invariant 4). */
export const insufficientBalance = () =>
  new DomainError("insufficient_balance", "Insufficient balance", 402);

/** `userId`'s cached wallet balance in cents; 0 before their first top-up. */
export async function userBalanceCents(
  tx: Pick<LedgerTx, "select">,
  userId: string,
): Promise<Cents> {
  const [account] = await tx
    .select({ balanceCents: walletAccounts.balanceCents })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  return account?.balanceCents ?? 0;
}

/**
 * The wallet account id of `userId`, made on first use (a new user starts at $0, issue 5
 * section 1).
 */
export async function userAccountId(tx: LedgerTx, userId: string): Promise<number> {
  await tx
    .insert(walletAccounts)
    .values({ kind: "user", userId })
    .onConflictDoNothing({ target: walletAccounts.userId });
  const [account] = await tx
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  return account!.id;
}

async function accountIdOf(tx: LedgerTx, account: AccountRef): Promise<number> {
  if (typeof account === "object") return userAccountId(tx, account.userId);
  const [house] = await tx
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(eq(walletAccounts.kind, account));
  if (!house) throw new Error(`the ${account} wallet account is missing (migration 0003)`);
  return house.id;
}

/**
 * Posts one money movement (DESIGN.md invariant 4) in the caller's transaction `tx`: for each
 * leg, a conditional update of the account's cached balance and an append-only
 * `wallet_entries` row with the balance after it. The legs of a transfer sum to zero; only a
 * `top_up` brings money in from outside (one positive leg) and only a `payout` sends it out
 * (one negative leg). Accounts are updated users first,
 * then house accounts, each group by id, so concurrent movements lock rows in one order and
 * cannot deadlock.
 * @throws DomainError `insufficient_balance` (402, 'Insufficient balance') when a user's or the
 * escrow's balance would go below zero; the caller's transaction must then roll back.
 * @throws RangeError for a malformed movement (a programming error): a zero or non-integer leg,
 * legs of a transfer not summing to zero, a top-up that is not one credit or a payout that is
 * not one debit.
 */
export async function postMovement(tx: LedgerTx, movement: Movement): Promise<PostedEntry[]> {
  const { legs, kind } = movement;
  if (
    legs.length === 0 ||
    legs.some((leg) => !Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)
  ) {
    throw new RangeError(`a ${kind} movement needs non-zero integer legs`);
  }
  const sum = legs.reduce((total, leg) => total + leg.amountCents, 0);
  const external = kind === "top_up" || kind === "payout";
  if (external ? legs.length !== 1 || (kind === "top_up" ? sum <= 0 : sum >= 0) : sum !== 0) {
    throw new RangeError(`the legs of a ${kind} movement do not balance`);
  }

  const resolved = [];
  for (const [index, leg] of legs.entries()) {
    resolved.push({
      index,
      amountCents: leg.amountCents,
      isUser: typeof leg.account === "object",
      accountId: await accountIdOf(tx, leg.account),
    });
  }
  const lockOrder = [...resolved].sort(
    (a, b) => Number(b.isUser) - Number(a.isUser) || a.accountId - b.accountId,
  );

  const posted: PostedEntry[] = new Array(legs.length);
  for (const leg of lockOrder) {
    const [account] = await tx
      .update(walletAccounts)
      .set({
        balanceCents: sql`${walletAccounts.balanceCents} + ${leg.amountCents}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(walletAccounts.id, leg.accountId),
          sql`(${walletAccounts.kind} = 'platform' OR ${walletAccounts.balanceCents} + ${leg.amountCents} >= 0)`,
        ),
      )
      .returning({ balanceCents: walletAccounts.balanceCents });
    if (!account) throw insufficientBalance();
    posted[leg.index] = {
      accountId: leg.accountId,
      amountCents: leg.amountCents,
      balanceAfterCents: account.balanceCents,
    };
  }
  await tx.insert(walletEntries).values(
    posted.map((entry) => ({
      accountId: entry.accountId,
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      kind,
      reference: movement.reference,
      description: movement.description,
    })),
  );
  return posted;
}
