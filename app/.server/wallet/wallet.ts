import { count, desc, eq, sql } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { heldBalanceCents } from "./holds";
import { userBalanceCents } from "./ledger";
import { walletAccounts, walletEntries, type WalletEntryKind } from "../db/schema";
import type { Cents } from "~/lib/money";

/** Ledger entries per page of the wallet history. */
export const WALLET_PAGE_SIZE = 20;

export type WalletEntry = {
  id: number;
  amountCents: Cents;
  balanceAfterCents: Cents;
  kind: WalletEntryKind;
  description: string;
  createdAt: Date;
};

export type WalletPage = {
  /** Everything the user has: available plus held (docs/decisions/009-held-offers-and-payouts.md). */
  balanceCents: Cents;
  /** Held for pending buy offers. */
  heldCents: Cents;
  /** What can be spent or withdrawn now: the wallet account's balance. */
  availableCents: Cents;
  entries: WalletEntry[];
  page: number;
  pageCount: number;
};

/**
 * The signed-in user's available balance in cents (not held for offers); 0 before their first
 * top-up (the header shows it).
 * A visitor has none: null.
 */
export async function walletBalance(ctx: Ctx): Promise<Cents | null> {
  return ctx.actor ? userBalanceCents(ctx.db, ctx.actor.userId) : null;
}

/**
 * The signed-in user's wallet (docs/product/wallet.md "Adding funds"): balance, held and available amounts, and one
 * page (1-based, clamped to the last) of their ledger entries, newest first.
 * @throws DomainError `not_signed_in` (401).
 */
export async function walletHistory(ctx: Ctx, { page }: { page: number }): Promise<WalletPage> {
  const userId = ownerId(ctx);
  const [account] = await ctx.db
    .select({ id: walletAccounts.id, balanceCents: walletAccounts.balanceCents })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  if (!account) {
    return { balanceCents: 0, heldCents: 0, availableCents: 0, entries: [], page: 1, pageCount: 1 };
  }
  const heldCents = await heldBalanceCents(ctx.db, userId);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(walletEntries)
    .where(eq(walletEntries.accountId, account.id));
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / WALLET_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const entries = await ctx.db
    .select({
      id: walletEntries.id,
      amountCents: walletEntries.amountCents,
      // A user account's entries always carry it (only house entries leave it null).
      balanceAfterCents: sql<Cents>`${walletEntries.balanceAfterCents}`.mapWith(Number),
      kind: walletEntries.kind,
      description: walletEntries.description,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .where(eq(walletEntries.accountId, account.id))
    .orderBy(desc(walletEntries.id))
    .limit(WALLET_PAGE_SIZE)
    .offset((current - 1) * WALLET_PAGE_SIZE);
  return {
    balanceCents: account.balanceCents + heldCents,
    heldCents,
    availableCents: account.balanceCents,
    entries,
    page: current,
    pageCount,
  };
}
