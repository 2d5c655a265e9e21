import type { TxCtx } from "../context";
import { isDomainError } from "../errors";
import { releaseHolds, type Hold } from "../wallet/holds";
import { postMovement } from "../wallet/ledger";
import { splitSale } from "./settlement";
import type { Cents } from "~/lib/money";

/**
 * Pays a sale from the buyer's hold, in the caller's transaction (docs/product/market.md
 * "Settlement and fees"; docs/decisions/045-auctions-and-standing-bids.md): the hold (at least
 * the price) is released to the buyer, then ONE `sale` movement under `reference` takes the
 * price from the buyer and pays the seller the price less the 15 % fee and the platform the
 * fee. The buyer's and seller's wallets are locked together, in user id order. The caller has
 * just ended what the hold was for with a conditional update, so this runs once.
 * @returns the split (cents).
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
  },
): Promise<{ platformFeeCents: Cents; sellerAmountCents: Cents }> {
  const { hold, sellerId, amountCents } = sale;
  const split = splitSale(amountCents);
  await releaseHolds(tx, [hold], sale.holdDescription, [sellerId]);
  try {
    await postMovement(tx.db, {
      kind: "sale",
      reference: sale.reference,
      description: sale.description,
      legs: [
        { account: { userId: hold.userId }, amountCents: -amountCents },
        { account: { userId: sellerId }, amountCents: split.sellerAmountCents },
        ...(split.platformFeeCents > 0
          ? [{ account: "platform" as const, amountCents: split.platformFeeCents }]
          : []),
      ],
    });
  } catch (error) {
    if (isDomainError(error) && error.code === "insufficient_balance") {
      throw new Error(`the hold ${hold.reference} does not cover ${sale.reference}`);
    }
    throw error;
  }
  return split;
}
