import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db/client";
import type { SqlValue } from "../db/prepared";
import { queryRows } from "../db/rows";
import { walletAccounts, type WalletEntryKind } from "../db/schema";
import { DomainError, isDomainError } from "../errors";
import type { Cents } from "~/lib/money";

/** A transaction (or the database) a ledger write joins; it never opens its own. */
export type LedgerTx = Pick<Database, "insert" | "select" | "update" | "execute">;

/**
 * The house accounts: their balance is the sum of their entries (no cached balance). `holds`
 * holds pending buy offers' amounts and `payouts` withdrawals waiting to be paid
 * (docs/decisions/009-held-offers-and-payouts.md).
 */
export type HouseAccount = "platform" | "escrow" | "holds" | "payouts";

/** Whose account a leg moves: a collector's wallet, or one of the house accounts. */
export type AccountRef = { userId: string } | HouseAccount;

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

/** A user's balance would go below zero (docs/design.md invariant 4). */
export const insufficientBalance = () =>
  new DomainError("insufficient_balance", "Insufficient balance", 402);

/**
 * Runs `run`, an action that pays from a wallet, and words its `insufficient_balance` refusal
 * (402) as `message`, the action's own ('Your bid is above your available balance'); every other
 * error passes as it is. The refusal has already rolled the action's transaction back when `run`
 * is that transaction.
 * @throws DomainError `insufficient_balance` (402, `message`), or what `run` throws.
 */
export async function withNoFundsMessage<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error) && error.code === "insufficient_balance") {
      throw new DomainError("insufficient_balance", message, 402);
    }
    throw error;
  }
}

/**
 * `userId`'s cached wallet balance in cents as a bigint subquery (0 before their first top-up)
 * a caller folds into its own statement (`headerCounts`; `userId` a value, or the caller's column
 * of it); {@link userBalanceCents} reads it alone.
 */
export const userBalanceSql = (userId: string | SQLWrapper): SQL =>
  sql`coalesce((SELECT ${walletAccounts.balanceCents} FROM ${walletAccounts} WHERE ${walletAccounts.userId} = ${userId}), 0)`;

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
 * A house account's balance in cents: the sum of its entries (docs/decisions/011-pack-drop-
 * throughput.md). The platform's may be negative; the escrow's never is.
 */
export async function houseBalanceCents(
  tx: Pick<LedgerTx, "execute">,
  house: HouseAccount,
): Promise<Cents> {
  const [row] = await queryRows<{ balance: string }>(
    tx,
    sql`SELECT coalesce(sum(e.amount_cents), 0) AS balance
      FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
      WHERE a.kind = ${house}`,
  );
  return Number(row!.balance);
}

type UserLeg = { index: number; userId: string; amountCents: Cents };
/** A user leg whose user and amount may be placeholders ({@link FoldedLeg}). */
type FoldedUserLeg = { index: number; userId: SqlValue<string>; amountCents: SqlValue<Cents> };

/**
 * A leg of a movement folded into a statement built once (`preparedSql`): its user and amount
 * may be placeholders, filled per call.
 */
export type FoldedLeg = {
  account: { userId: SqlValue<string> } | HouseAccount;
  amountCents: SqlValue<Cents>;
};
type Applied = { id: number; balance_cents: string };

/**
 * The conditional update of a user's cached balance by `amountCents`: it matches no row when
 * the balance would go below zero or the user has no account yet (or `when` is false).
 */
const walletUpdate = (leg: FoldedUserLeg, when?: SQL) => sql`
  UPDATE wallet_accounts
  SET balance_cents = balance_cents + ${leg.amountCents}::bigint, updated_at = now()
  WHERE user_id = ${leg.userId} AND balance_cents + ${leg.amountCents}::bigint >= 0${when ? sql` AND ${when}` : sql``}
  RETURNING id, balance_cents`;

/**
 * Posts one money movement (docs/design.md invariant 4) in the caller's transaction `tx`:
 * - each user leg is a conditional update of that wallet's cached balance (never below zero)
 *   and an entry with the balance after it;
 * - each house leg (platform, escrow) is an entry only, without a balance after it: the house
 *   balance is the sum of its entries, so no movement waits for another on a house row
 *   (docs/decisions/011-pack-drop-throughput.md).
 * With at most one user leg (an opening, a buyback, a top-up) this is ONE statement; a sale
 * updates its other wallets first, one statement each. Wallets are locked in user-id order,
 * so concurrent movements cannot deadlock. A user's wallet is made on their first credit (a
 * new user starts at $0, docs/product/wallet.md "Adding funds"). The legs of a transfer sum to zero; only a
 * `top_up` brings money in from outside (one positive leg) and only a `payout` sends it out
 * (one negative leg, docs/decisions/009-held-offers-and-payouts.md).
 * @throws DomainError `insufficient_balance` (402, 'Insufficient balance') when a user's
 * balance would go below zero; the caller's transaction must then roll back.
 * @throws RangeError for a malformed movement (a programming error): a zero or non-integer leg,
 * legs of a transfer not summing to zero, a top-up that is not one credit, a payout that is
 * not one debit, or one user on two legs.
 */
export async function postMovement(tx: LedgerTx, movement: Movement): Promise<void> {
  const userLegs = userLegsOf(movement);
  // Every wallet but the last in lock order gets its own statement; the last is updated in
  // the statement that writes the entries, which writes none if that update matched nothing.
  const applied = new Map<number, Applied>();
  for (const leg of userLegs.slice(0, -1)) {
    const [row] = await applyOrOpen(tx, leg, walletUpdate(leg));
    applied.set(leg.index, row!);
  }
  const last = userLegs.at(-1);
  const writes = lastWritesSql(movement, last, applied);
  if (!last) {
    await tx.execute(sql`WITH ${writes} SELECT 1`);
    return;
  }
  await applyOrOpen(tx, last, sql`WITH ${writes} SELECT id, balance_cents FROM wallet`);
}

/**
 * {@link postMovement} of a movement with one user leg, which debits it, as the CTEs `wallet`
 * (the conditional update of that wallet: no row when the balance would go below zero) and
 * `entries`, for a caller that folds the movement into its own statement (an opening); its
 * `reference` may be an SQL expression over the caller's earlier CTEs. The legs' users, amounts
 * and the description may be placeholders of a statement built once: the caller then checks the
 * values of each call with {@link checkDebitMovement} before running it. The caller must check
 * that `wallet` returned a row and otherwise throw {@link insufficientBalance} and roll back:
 * without one, no entry was written.
 * @throws RangeError when the movement does not have exactly one user leg (a programming error).
 */
export function debitMovementSql(movement: {
  kind: WalletEntryKind;
  description: SqlValue<string>;
  reference: SQL;
  legs: FoldedLeg[];
  /** A condition the wallet's update also needs: without it, nothing is debited or written. */
  when?: SQL;
}): SQL {
  const userLegs = userLegsIn(movement.legs);
  if (userLegs.length !== 1) {
    throw new RangeError(`a folded ${movement.kind} movement debits exactly one user`);
  }
  return lastWritesSql(movement, userLegs[0], new Map(), movement.when);
}

/**
 * {@link debitMovementSql} for several movements of one shape in one statement (a batch of
 * openings, docs/decisions/066-a-batch-recorded-in-one-statement.md): one per row of `payers`, a
 * relation of the caller's statement with the columns `user_id` (each user at most once) and
 * `reference`, each debiting that user's wallet by `amountCents` (positive) and crediting the
 * house account `to` with it (an entry only), under one `kind` and `description`. The CTEs
 * `debtors` (the payers' wallets, locked in ascending user id: the lock order of
 * {@link postMovement}), `wallet` (the conditional updates, each one's `user_id` returned only
 * when its balance could pay) and `entries` (written only for the wallets debited). The caller
 * checks the values with {@link checkDebitMovement} and, for every payer `wallet` did not return,
 * throws {@link insufficientBalance} and rolls back.
 */
export function debitEachSql(movements: {
  kind: WalletEntryKind;
  payers: SQL;
  amountCents: SqlValue<Cents>;
  to: HouseAccount;
  description: SqlValue<string>;
}): SQL {
  const amount = sql`${movements.amountCents}::bigint`;
  return sql`debtors AS (
      SELECT w.id FROM wallet_accounts w JOIN ${movements.payers} p ON p.user_id = w.user_id
      ORDER BY w.user_id
      FOR UPDATE OF w
    ), wallet AS (
      UPDATE wallet_accounts w SET balance_cents = w.balance_cents - ${amount}, updated_at = now()
      FROM debtors d
      WHERE w.id = d.id AND w.balance_cents - ${amount} >= 0
      RETURNING w.id, w.user_id, w.balance_cents
    ), entries AS (
      INSERT INTO wallet_entries
        (account_id, amount_cents, balance_after_cents, kind, reference, description)
      SELECT leg.account_id, leg.amount_cents, leg.balance_after_cents, ${movements.kind},
        p.reference, ${movements.description}
      FROM wallet JOIN ${movements.payers} p ON p.user_id = wallet.user_id
        CROSS JOIN LATERAL (VALUES (0, wallet.id, -${amount}, wallet.balance_cents),
          (1, (SELECT id FROM wallet_accounts WHERE kind = ${movements.to} AND kind <> 'user'),
            ${amount}, NULL::bigint))
          AS leg (ord, account_id, amount_cents, balance_after_cents)
      ORDER BY wallet.user_id, leg.ord
      RETURNING id
    )`;
}

/**
 * Checks the values of a movement {@link debitMovementSql} folds, once per call: the checks of
 * {@link postMovement} (non-zero integer legs that balance, one user at most once), and that it
 * debits exactly one user.
 * @throws RangeError for a malformed movement (a programming error).
 */
export function checkDebitMovement(movement: Pick<Movement, "kind" | "legs">): void {
  const userLegs = userLegsOf(movement);
  if (userLegs.length !== 1 || userLegs[0]!.amountCents >= 0) {
    throw new RangeError(`a folded ${movement.kind} movement debits exactly one user`);
  }
}

/** The legs of `legs` that move a user's wallet, with their index among `legs`. */
function userLegsIn<U, A>(
  legs: { account: { userId: U } | HouseAccount; amountCents: A }[],
): { index: number; userId: U; amountCents: A }[] {
  return legs.flatMap((leg, index) =>
    typeof leg.account === "object"
      ? [{ index, userId: leg.account.userId, amountCents: leg.amountCents }]
      : [],
  );
}

/**
 * The user legs of `movement` in lock order (user id), after checking its shape.
 * @throws RangeError as {@link postMovement}.
 */
function userLegsOf(movement: Pick<Movement, "kind" | "legs">) {
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
  const userLegs = userLegsIn(legs).sort((a, b) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0,
  );
  if (new Set(userLegs.map((leg) => leg.userId)).size !== userLegs.length) {
    throw new RangeError(`a ${kind} movement moves one user's wallet twice`);
  }
  return userLegs;
}

/**
 * The CTEs that write a movement's entries: `entries`, preceded by `wallet` (the conditional
 * update of the `last` user leg's wallet, also on `when` if given, whose entries are written
 * only if it matched) when there is one; the wallets `applied` before give their id and balance
 * after directly.
 */
function lastWritesSql(
  movement: {
    kind: WalletEntryKind;
    legs: FoldedLeg[];
    description: SqlValue<string>;
    reference: string | SQL;
  },
  last: FoldedUserLeg | undefined,
  applied: Map<number, Applied>,
  when?: SQL,
): SQL {
  const values = movement.legs.map((leg, index) => {
    const done = applied.get(index);
    const account =
      index === last?.index
        ? sql`wallet.id, ${leg.amountCents}::bigint, wallet.balance_cents`
        : done
          ? sql`${done.id}::int, ${leg.amountCents}::bigint, ${done.balance_cents}::bigint`
          : // `kind <> 'user'` lets a generic plan use the house accounts' partial index.
            sql`(SELECT id FROM wallet_accounts WHERE kind = ${leg.account as HouseAccount} AND kind <> 'user'),
              ${leg.amountCents}::bigint, NULL::bigint`;
    return sql`(${sql.raw(String(index))}, ${account})`;
  });
  const legRows = sql`(VALUES ${sql.join(values, sql`, `)})
    AS leg (ord, account_id, amount_cents, balance_after_cents)`;
  const entries = (from: SQL) => sql`entries AS (
    INSERT INTO wallet_entries
      (account_id, amount_cents, balance_after_cents, kind, reference, description)
    SELECT leg.account_id, leg.amount_cents, leg.balance_after_cents,
      ${movement.kind}, ${movement.reference}::text, ${movement.description}
    FROM ${from} ORDER BY leg.ord
    RETURNING id)`;
  if (!last) return entries(legRows);
  return sql`wallet AS (${walletUpdate(last, when)}), ${entries(sql`wallet CROSS JOIN LATERAL ${legRows}`)}`;
}

/**
 * Runs `statement`, which applies `leg` to its user's wallet and returns rows only if it did.
 * A credit to a user without a wallet makes it and runs the statement again; a debit that
 * matched nothing is refused.
 */
async function applyOrOpen(tx: LedgerTx, leg: UserLeg, statement: SQL): Promise<Applied[]> {
  const first = await queryRows<Applied>(tx, statement);
  if (first.length > 0) return first;
  if (leg.amountCents < 0) throw insufficientBalance();
  await tx
    .insert(walletAccounts)
    .values({ kind: "user", userId: leg.userId })
    .onConflictDoNothing({ target: walletAccounts.userId });
  const again = await queryRows<Applied>(tx, statement);
  if (again.length === 0) throw new Error(`the wallet of ${leg.userId} could not be made`);
  return again;
}
