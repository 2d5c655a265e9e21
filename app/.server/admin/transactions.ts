import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../context";
import { likePattern } from "../db/like-pattern";
import { profiles, transactions, type TransactionStatus } from "../db/schema";
import { saleTitle } from "../market/sale-source";
import { readPage, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { Cents } from "~/lib/money";

/** A buyer or seller of a transaction (null once their account is deleted). */
export type TransactionParty = { id: string; email: string; name: string } | null;

/** One row of the Transactions tab (docs/product/administration.md, transaction). */
export type AdminTransaction = {
  id: number;
  /** Null for an auction's or a standing bid's sale. */
  listingId: number | null;
  /** What was sold: the listing's, the auction's or (a standing bid) the card's title. */
  listingTitle: string;
  amountCents: Cents;
  platformFeeCents: Cents;
  sellerAmountCents: Cents;
  status: TransactionStatus;
  createdAt: Date;
  completedAt: Date | null;
  buyer: TransactionParty;
  seller: TransactionParty;
};

/** The totals above the table: completed transactions only (docs/product/administration.md: fee on completed). */
export type TransactionTotals = {
  completedCount: number;
  volumeCents: Cents;
  feesCents: Cents;
};

export type AdminTransactions = Paged<AdminTransaction> & { totals: TransactionTotals };

const buyer = alias(profiles, "buyer");
const seller = alias(profiles, "seller");

const partyOf = (id: string | null, email: string | null, name: string | null) =>
  id !== null && email !== null && name !== null ? { id, email, name } : null;

/**
 * One page of marketplace transactions, newest first, matching `q` in the listing's title or
 * the buyer's or seller's email (case-insensitive), with the total of matches, and the volume
 * and platform fees of every completed transaction (docs/product/administration.md, Transactions: amount,
 * platform fee, seller amount, status, dates; docs/product/administration.md: totals of volume and fees).
 * Read-only.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listTransactions(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<AdminTransactions> {
  requireStaff(ctx, "view");
  const where = q
    ? or(
        ilike(saleTitle, likePattern(q)),
        ilike(buyer.email, likePattern(q)),
        ilike(seller.email, likePattern(q)),
      )
    : undefined;
  const matches = ctx.db
    .select({
      id: transactions.id,
      listingId: transactions.listingId,
      listingTitle: saleTitle,
      amountCents: transactions.transactionAmountCents,
      platformFeeCents: transactions.platformFeeCents,
      sellerAmountCents: transactions.sellerAmountCents,
      status: transactions.status,
      createdAt: transactions.createdAt,
      completedAt: transactions.completedAt,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      buyerName: buyer.fullName,
      sellerId: seller.id,
      sellerEmail: seller.email,
      sellerName: seller.fullName,
    })
    .from(transactions)
    .leftJoin(buyer, eq(buyer.id, transactions.buyerId))
    .leftJoin(seller, eq(seller.id, transactions.sellerId))
    .where(where)
    .$dynamic();
  const [{ rows, ...paged }, [sums]] = await Promise.all([
    readPage(ctx.db, page, matches, desc(transactions.createdAt), desc(transactions.id)),
    ctx.db
      .select({
        completedCount: sql<number>`count(*)::int`,
        volumeCents: sql<string>`coalesce(sum(${transactions.transactionAmountCents}), 0)`,
        feesCents: sql<string>`coalesce(sum(${transactions.platformFeeCents}), 0)`,
      })
      .from(transactions)
      .where(eq(transactions.status, "completed")),
  ]);
  return {
    rows: rows.map(
      ({ buyerId, buyerEmail, buyerName, sellerId, sellerEmail, sellerName, ...row }) => ({
        ...row,
        buyer: partyOf(buyerId, buyerEmail, buyerName),
        seller: partyOf(sellerId, sellerEmail, sellerName),
      }),
    ),
    ...paged,
    totals: {
      completedCount: Number(sums?.completedCount ?? 0),
      volumeCents: Number(sums?.volumeCents ?? 0),
      feesCents: Number(sums?.feesCents ?? 0),
    },
  };
}
