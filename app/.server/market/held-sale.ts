import type { TxCtx } from "../context";
import { transactions } from "../db/schema";
import { rewardCompletedSale } from "../rewards/sale-points";
import { isDomainError } from "../errors";
import { releaseHolds, type Hold } from "../wallet/holds";
import { postMovement } from "../wallet/ledger";
import { saleLegs, splitSale } from "./settlement";
import type { Cents } from "~/lib/money";

/**
 * Pays a sale from the buyer's hold, in the caller's transaction (docs/product/market.md
 * "Settlement and fees"; docs/decisions/045-auctions-and-standing-bids.md): a completed
 * `transactions` row for `source` (the auction or the standing bid filled: the Sales of both
 * parties, the staff's transactions) and the seller's points and achievements for it, as for any
 * sale (docs/product/rewards.md); then the hold (at least the price) is released to the buyer
 * and ONE `sale` movement under `reference` takes the price from the buyer and pays the seller
 * the price less the 15 % fee and the platform the fee. The wallets come last (the lock order of
 * docs/decisions/006-marketplace-settlement.md), the buyer's and seller's together, in user id
 * order. The caller has just ended what the hold was for with a conditional update, so this
 * runs once (and the row's unique source key would refuse a second).
 * @returns the split (cents) and the `transactions` row's id.
 * @throws Error when the released hold does not cover the price (a programming error: the
 * price never exceeds the held maximum).
 */
export async function payHeldSale(
  tx: TxCtx,
  sale: {
    hold: Hold;
    holdDescription: string;
    sellerId: string;
    amountCents: Cents;
    reference: string;
    description: string;
    /** What was sold (exactly one), and its title for the seller's points. */
    source: { auctionId: number } | { standingBidId: number };
    title: string;
  },
): Promise<{ platformFeeCents: Cents; sellerAmountCents: Cents; transactionId: number }> {
  const { hold, sellerId, amountCents } = sale;
  const split = splitSale(amountCents);
  const now = tx.now();
  const [row] = await tx.db
    .insert(transactions)
    .values({
      ...sale.source,
      buyerId: hold.userId,
      sellerId,
      transactionAmountCents: amountCents,
      ...split,
      status: "completed",
      createdAt: now,
      completedAt: now,
    })
    .returning({ id: transactions.id });
  const transactionId = row!.id;
  await rewardCompletedSale(tx, { sellerId, amountCents, transactionId, title: sale.title });
  await releaseHolds(tx, [hold], sale.holdDescription, [sellerId]);
  try {
    await postMovement(tx.db, {
      kind: "sale",
      reference: sale.reference,
      description: sale.description,
      legs: saleLegs({ userId: hold.userId }, sellerId, amountCents, split),
    });
  } catch (error) {
    if (isDomainError(error) && error.code === "insufficient_balance") {
      throw new Error(`the hold ${hold.reference} does not cover ${sale.reference}`);
    }
    throw error;
  }
  return { ...split, transactionId };
}
