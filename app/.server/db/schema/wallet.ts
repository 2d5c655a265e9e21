import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";

/**
 * Whose money an account holds: a collector's wallet, the platform's own account (pack sales,
 * buyback payouts, fees), the escrow account that holds a buyer's money until a physical
 * item arrives (docs/product/market.md), the `holds` account that holds the amounts of pending buy offers, and
 * the `payouts` account that holds withdrawals until they are paid out or refunded
 * (docs/decisions/009-held-offers-and-payouts.md).
 */
export const WALLET_ACCOUNT_KINDS = ["user", "platform", "escrow", "holds", "payouts"] as const;
export type WalletAccountKind = (typeof WALLET_ACCOUNT_KINDS)[number];

/**
 * What a ledger entry pays for. `top_up` brings money in from a payment provider and `payout`
 * sends it out to a bank (one entry each); every other kind moves money between accounts
 * (entries that sum to zero). `offer_hold` / `offer_release` hold and release a buy offer's
 * amount; `withdrawal` / `withdrawal_refund` move a withdrawal into and back out of the
 * `payouts` account; `order_payment` / `order_refund` pay a store order to the platform and
 * return it when the order is cancelled.
 */
export const WALLET_ENTRY_KINDS = [
  "top_up",
  "pack_purchase",
  "buyback",
  "sale",
  "platform_fee",
  "escrow",
  "offer_hold",
  "offer_release",
  "withdrawal",
  "withdrawal_refund",
  "payout",
  "order_payment",
  "order_refund",
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * A USD account (docs/design.md "Domain rules": balances are ledgers). A user's `balance_cents`
 * caches the sum of their `wallet_entries`, written in the same transaction as each entry, and
 * never goes negative. The house accounts (platform, escrow, holds, payouts; made by the
 * migrations) keep no
 * cached balance (`balance_cents` stays 0): their balance is the sum of their entries, so
 * money movements do not queue on one house row (docs/decisions/011-pack-drop-throughput.md).
 * The platform's balance may be negative (it pays buybacks from its own capital:
 * docs/decisions/005-wallet-ledger.md); the escrow's holds the sales still waiting.
 */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: identityKey(),
    kind: text({ enum: WALLET_ACCOUNT_KINDS }).notNull(),
    /** The owner of a `user` account; null for the platform and escrow, and after deletion. */
    userId: profileRef("set null"),
    balanceCents: bigint({ mode: "number" }).notNull().default(0),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    uniqueIndex("wallet_accounts_user_key").on(t.userId),
    uniqueIndex("wallet_accounts_house_kind_key")
      .on(t.kind)
      .where(sql`${t.kind} <> 'user'`),
    allowedValues("wallet_accounts_kind_allowed", t.kind, WALLET_ACCOUNT_KINDS),
    check("wallet_accounts_balance_non_negative", sql`${t.balanceCents} >= 0`),
    check(
      "wallet_accounts_house_balance_in_entries",
      sql`${t.kind} = 'user' OR ${t.balanceCents} = 0`,
    ),
  ],
);

/**
 * The append-only ledger: one row per change of one account's balance, never updated or
 * deleted (a trigger refuses both; a correction is a new entry). `reference` names what the
 * entry pays for (`pack_opening:42`, `buyback_offer:7`, `top_up:3`).
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => walletAccounts.id, { onDelete: "restrict" }),
    /** Signed: positive credits the account, negative debits it. Never zero. */
    amountCents: bigint({ mode: "number" }).notNull(),
    /** A user account's balance after this entry; null on a house account's entries. */
    balanceAfterCents: bigint({ mode: "number" }),
    kind: text({ enum: WALLET_ENTRY_KINDS }).notNull(),
    reference: text().notNull(),
    /** Shown in the wallet history: 'Opened Base Set Booster', 'Buyback of Charizard'. */
    description: text().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("wallet_entries_account_idx").on(t.accountId, t.id.desc()),
    check("wallet_entries_amount_non_zero", sql`${t.amountCents} <> 0`),
  ],
);

export const TOP_UP_STATUSES = ["succeeded", "declined"] as const;

/**
 * One attempt to add funds through a payment provider (docs/product/wallet.md "Adding funds"). The form's
 * idempotency key is claimed once per user, so a retried or doubled submission charges once.
 * Only the card's last four digits are kept.
 */
export const walletTopUps = pgTable(
  "wallet_top_ups",
  {
    id: identityKey(),
    userId: profileRef("set null"),
    idempotencyKey: text().notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    provider: text().notNull(),
    status: text({ enum: TOP_UP_STATUSES }).notNull(),
    /** The provider's id of the charge, or its decline reason. */
    providerReference: text().notNull(),
    cardLast4: text().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex("wallet_top_ups_user_key").on(t.userId, t.idempotencyKey),
    check("wallet_top_ups_amount_positive", sql`${t.amountCents} > 0`),
    allowedValues("wallet_top_ups_status_allowed", t.status, TOP_UP_STATUSES),
  ],
);

/**
 * A withdrawal's life (docs/decisions/009-held-offers-and-payouts.md): `pending` until an admin
 * approves or rejects it (or the sandbox approves it after a minute), `processing` while the
 * provider pays out, then `paid`, or `failed` (the bank refused; refunded) or `rejected` (an
 * admin refused; refunded).
 */
export const PAYOUT_STATUSES = ["pending", "processing", "paid", "failed", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A withdrawal to a bank account. Its amount left the user's wallet for the `payouts` account
 * when it was requested; it leaves the ledger (`payout`) when paid, or returns to the wallet
 * (`withdrawal_refund`) when failed or rejected. The bank details are what the provider needs
 * to pay (a real provider would get a token instead); pages show the last four digits only.
 */
export const walletPayouts = pgTable(
  "wallet_payouts",
  {
    id: identityKey(),
    userId: profileRef("set null"),
    idempotencyKey: text().notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    provider: text().notNull(),
    routingNumber: text().notNull(),
    accountNumber: text().notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default("pending"),
    /** The provider's payout id once paid, or its reason when it failed, or the admin's note. */
    providerReference: text(),
    /** The admin who approved or rejected it; null when the sandbox approved it. */
    decidedBy: profileRef("set null"),
    createdAt: stampedNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("wallet_payouts_user_key").on(t.userId, t.idempotencyKey),
    index("wallet_payouts_status_idx").on(t.status, t.createdAt),
    index("wallet_payouts_user_idx").on(t.userId, t.createdAt.desc()),
    check("wallet_payouts_amount_positive", sql`${t.amountCents} > 0`),
    allowedValues("wallet_payouts_status_allowed", t.status, PAYOUT_STATUSES),
  ],
);
