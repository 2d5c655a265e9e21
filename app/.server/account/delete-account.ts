import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import {
  listings,
  jobs,
  mailOutbox,
  newsletterSubscriptions,
  offers,
  profiles,
  redemptions,
  transactions,
  userCards,
  userRoles,
  verification,
  walletAccounts,
  walletPayouts,
} from "../db/schema";
import { DomainError } from "../errors";
import { heldBalanceCents } from "../wallet/holds";
import { MAIL_JOB } from "../mail/mail-jobs";
import { ownerId } from "../policy/account-ctx";

/** The statuses of a sale whose money still waits in escrow. */
const ESCROW_STATUSES = ["awaiting_shipment", "shipped"] as const;

/**
 * Whether `userId` is the only admin, with every admin row locked (FOR UPDATE) until the
 * transaction ends: the last admin may neither delete their account nor lose the role
 * (docs/product/accounts-and-security.md "Deleting an account"; docs/product/administration.md, Users).
 */
export async function isLastAdmin(tx: Pick<TxCtx, "db">, userId: string): Promise<boolean> {
  const admins = await tx.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  return admins.length === 1 && admins[0]!.userId === userId;
}

/**
 * Whether any row whose id column is `id` matches `where`, every match locked (FOR UPDATE) so
 * the answer holds until the deletion commits.
 */
async function anyLocked(
  tx: Pick<TxCtx, "db">,
  id: PgColumn,
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await tx.db.select({ id }).from(id.table).where(where).for("update");
  return rows.length > 0;
}

/**
 * A reason to refuse deleting an account for now, with what the user must do first
 * (docs/product/accounts-and-security.md: refuse while the user still owns cards or a wallet balance).
 */
export type DeleteAccountPrecondition = {
  code: string;
  /** Shown to the user: what to do before deleting the account. */
  message: string;
  /**
   * Whether the account may not be deleted yet. Runs inside the deletion's transaction, so
   * lock what it reads (`FOR UPDATE`) to keep the answer true until the commit.
   */
  blocks: (tx: Pick<TxCtx, "db">, userId: string) => Promise<boolean>;
};

/**
 * A {@link DeleteAccountPrecondition} check: whether the user owns any row of `table` whose
 * `status` is one of `statuses`, every match locked (FOR UPDATE) as in {@link anyLocked}.
 */
function ownsAnyIn<T extends { id: PgColumn; userId: PgColumn; status: PgColumn }>(
  table: T,
  statuses: readonly T["status"]["_"]["data"][],
): DeleteAccountPrecondition["blocks"] {
  return (tx, userId) =>
    anyLocked(tx, table.id, and(eq(table.userId, userId), inArray(table.status, [...statuses])));
}

/**
 * Every rule checked before an account is deleted, in order; the first that blocks refuses:
 * the last admin; cards still vaulted, listed or in auction; a redemption not yet delivered or cancelled;
 * an active listing; a marketplace sale (as seller or buyer) still in escrow; a wallet balance
 * above zero; money on hold for pending offers, auction bids, standing bids or withdrawals
 * (docs/product/accounts-and-security.md, "Deleting an account"). Orders, top-ups, the wallet
 * account, closed listings and their sales are kept for the books with the user detached
 * (ON DELETE SET NULL); the ledger entries stay as they are.
 */
export const DELETE_ACCOUNT_PRECONDITIONS: readonly DeleteAccountPrecondition[] = [
  {
    code: "last_admin",
    message: "You are the only admin. Make another user an admin before deleting your account.",
    blocks: isLastAdmin,
  },
  {
    code: "owns_cards",
    message:
      "Your vault still holds cards. Sell, redeem or trade them before deleting your account.",
    blocks: ownsAnyIn(userCards, ["vaulted", "listed", "in_auction"]),
  },
  {
    code: "redemption_in_progress",
    message: "A card is on its way to you. Delete your account once every redemption is delivered.",
    blocks: ownsAnyIn(redemptions, ["pending", "processing", "shipped"]),
  },
  {
    code: "active_listings",
    message: "You have active listings. Cancel them before deleting your account.",
    blocks: (tx, userId) =>
      anyLocked(tx, listings.id, and(eq(listings.userId, userId), eq(listings.status, "active"))),
  },
  {
    code: "sale_in_escrow",
    message:
      "A marketplace sale of yours is in escrow. Delete your account once it is shipped, received and released.",
    blocks: (tx, userId) =>
      anyLocked(
        tx,
        transactions.id,
        and(
          or(eq(transactions.sellerId, userId), eq(transactions.buyerId, userId)),
          inArray(transactions.status, ESCROW_STATUSES),
        ),
      ),
  },
  {
    code: "wallet_balance",
    message: "Your wallet still has a balance. Spend it before deleting your account.",
    blocks: async (tx, userId) => {
      const [account] = await tx.db
        .select({ balanceCents: walletAccounts.balanceCents })
        .from(walletAccounts)
        .where(eq(walletAccounts.userId, userId))
        .for("update");
      return (account?.balanceCents ?? 0) > 0;
    },
  },
  {
    code: "money_in_progress",
    message:
      "You have money on hold: withdraw your pending offers and standing bids, and wait for your auctions and withdrawals, before deleting your account.",
    blocks: async (tx, userId) => {
      const held = await anyLocked(
        tx,
        offers.id,
        and(
          eq(offers.fromUserId, userId),
          eq(offers.status, "pending"),
          sql`${offers.heldCents} IS NOT NULL`,
        ),
      );
      const paying = await ownsAnyIn(walletPayouts, ["pending", "processing"])(tx, userId);
      // Leading auction bids and open standing bids hold money too.
      const bidsHeldCents = await heldBalanceCents(tx.db, userId);
      return held || paying || bidsHeldCents > 0;
    },
  },
];

/**
 * Deletes the signed-in user's account in one transaction, after they typed its email and
 * every {@link DELETE_ACCOUNT_PRECONDITIONS} rule passed: the profile with its sessions,
 * password, two-factor secret and role (cascades), pending verification and 2FA tokens,
 * newsletter subscription and stored mail. Security records (sign-in attempts, blocks)
 * are kept: they protect the shop and name no account.
 * @throws DomainError `email_mismatch` (400), a precondition's code (409),
 * `profile_not_found` (404), `not_signed_in` (401).
 */
export async function deleteAccount(ctx: Ctx, input: { confirmEmail: string }): Promise<void> {
  const userId = ownerId(ctx);
  await inTransaction(ctx, async (tx) => {
    const [profile] = await tx.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!profile) throw new DomainError("profile_not_found", "Profile not found", 404);
    if (input.confirmEmail.trim().toLowerCase() !== profile.email.toLowerCase()) {
      throw new DomainError(
        "email_mismatch",
        "That is not your account's email. Type it exactly to confirm.",
      );
    }
    await assertAccountDeletable(tx, userId);
    await eraseAccount(tx, { userId, email: profile.email });
  });
  ctx.log.info({ userId }, "account deleted");
}

/**
 * Refuses deleting `userId` while one of {@link DELETE_ACCOUNT_PRECONDITIONS} blocks it, checked
 * in order inside the deletion's transaction `tx.db`. `messageFor` words the refusal for whoever
 * asks (default: the rule's own message, to the account's owner; an admin deleting a user gets
 * their own wording, docs/product/administration.md).
 * @throws DomainError with the first blocking rule's code (409).
 */
export async function assertAccountDeletable(
  tx: Pick<TxCtx, "db">,
  userId: string,
  messageFor: (rule: DeleteAccountPrecondition) => string = (rule) => rule.message,
): Promise<void> {
  for (const rule of DELETE_ACCOUNT_PRECONDITIONS) {
    if (await rule.blocks(tx, userId)) throw new DomainError(rule.code, messageFor(rule), 409);
  }
}

/**
 * Deletes the profile `userId` inside the transaction `tx.db`: its sessions, password, two-factor secret and role
 * go with it (cascades), with its pending verification tokens, newsletter subscription, the
 * mail stored for `email` and the mail still queued for it (never delivered). Call it after {@link assertAccountDeletable} in the same transaction.
 */
export async function eraseAccount(
  tx: Pick<TxCtx, "db">,
  { userId, email }: { userId: string; email: string },
): Promise<void> {
  const address = email.toLowerCase();
  await tx.db.delete(verification).where(eq(verification.value, userId));
  await tx.db
    .delete(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, address));
  await tx.db.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, address));
  // Mail queued for the address is never delivered (a worker holding one checks its job is
  // still there before sending), and the address leaves the queue's payloads.
  await tx.db
    .delete(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), eq(sql`lower(${jobs.payload}->>'to')`, address)));
  await tx.db.delete(profiles).where(eq(profiles.id, userId));
}
