import { noticeListingSold, noticeOfferAnswered, noticeTradeAnswered } from "./notices";
import { and, eq, ne } from "drizzle-orm";
import type { LatestSale } from "~/lib/domain/activity";
import { recordSale } from "../activity/record-sale";
import { recordSaleComp } from "../value/comps";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { listings, offers, tradeRequests, transactions, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { assertMayPlay } from "../policy/guard";
import { transferListedCard } from "../vault/card-status";
import { rewardCompletedSale } from "../rewards/sale-points";
import { releaseOfferHolds, type HeldOffer } from "../wallet/holds";
import { postMovement, withNoFundsMessage, type AccountRef, type Leg } from "../wallet/ledger";
import { listingUnavailable, marketActor } from "../policy/actor";
import { applyBasisPoints, type Cents } from "~/lib/money";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";
import { PLATFORM_FEE_BP } from "~/lib/rates";

type Listing = typeof listings.$inferSelect;

/** A sale's split (docs/product/market.md: 15 % platform fee, rounded half up to the cent). */
export function splitSale(amountCents: Cents): {
  platformFeeCents: Cents;
  sellerAmountCents: Cents;
} {
  const platformFeeCents = applyBasisPoints(amountCents, PLATFORM_FEE_BP);
  return { platformFeeCents, sellerAmountCents: amountCents - platformFeeCents };
}

/**
 * The legs of a sale paid at once (docs/product/market.md "Settlement and fees"): `amountCents`
 * from `payer` (the buyer's wallet), the seller's amount of `split` to `sellerId` and the fee,
 * when above zero, to the platform.
 */
export function saleLegs(
  payer: AccountRef,
  sellerId: string,
  amountCents: Cents,
  split: ReturnType<typeof splitSale>,
): Leg[] {
  return [
    { account: payer, amountCents: -amountCents },
    { account: { userId: sellerId }, amountCents: split.sellerAmountCents },
    ...(split.platformFeeCents > 0
      ? [{ account: "platform" as const, amountCents: split.platformFeeCents }]
      : []),
  ];
}

/** The pending offers (or trade requests) on `listingId`, but the one numbered `keepId`. */
const pendingOn = (
  table: typeof offers | typeof tradeRequests,
  listingId: number,
  keepId: number | undefined,
) =>
  and(
    eq(table.listingId, listingId),
    eq(table.status, "pending"),
    keepId ? ne(table.id, keepId) : undefined,
  );

/** What the sender of an answered offer or trade request is told about. */
const answeredRow = (table: typeof offers | typeof tradeRequests) => ({
  id: table.id,
  listingId: table.listingId,
  fromUserId: table.fromUserId,
});

/**
 * Declines every pending offer and trade request on a listing (sold, traded, cancelled or
 * removed), except `keep` (the accepted one), in the caller's transaction, and releases the
 * declined buy offers' holds (once each: only the rows this update moved); every sender of a
 * declined offer or trade request is told (in the app and, with order updates on, by mail).
 * When a hold is released, the wallets of `payees` (who the caller pays next) are locked with
 * the offerers', in one order.
 */
export async function declinePendingOffers(
  tx: TxCtx,
  listingId: number,
  keep: { offerId?: number; tradeRequestId?: number } = {},
  payees: string[] = [],
): Promise<void> {
  const answered = { status: "declined" as const, respondedAt: tx.now() };
  const declined = await tx.db
    .update(offers)
    .set(answered)
    .where(pendingOn(offers, listingId, keep.offerId))
    .returning({ ...answeredRow(offers), heldCents: offers.heldCents });
  await releaseOfferHolds(tx, declined, "listing closed", payees);
  for (const offer of declined) await noticeOfferAnswered(tx, offer, "declined");
  const declinedTrades = await tx.db
    .update(tradeRequests)
    .set(answered)
    .where(pendingOn(tradeRequests, listingId, keep.tradeRequestId))
    .returning(answeredRow(tradeRequests));
  for (const trade of declinedTrades) await noticeTradeAnswered(tx, trade, "declined");
}

/** What a settled sale wrote. */
export type Sale = {
  transactionId: number;
  listingId: number;
  amountCents: Cents;
  platformFeeCents: Cents;
  sellerAmountCents: Cents;
  /** `completed` for a card (it moved at once), `awaiting_shipment` for a physical item. */
  status: "completed" | "awaiting_shipment";
  /** The `sales_activity` row written (announced on the live feed once this commits). */
  activity: LatestSale;
};

/**
 * Settles the sale of `listing` (already moved to `sold` by the caller's conditional update)
 * to `buyerId` for `amountCents`, in the caller's transaction (docs/product/market.md "Settlement and fees"; docs/design.md
 * invariants 4 and 5):
 * - a linked card moves to the buyer's vault (owner changes, vaulted, listing cleared) and the
 *   money moves at once: the buyer pays, the platform gets the 15 % fee, the seller the rest;
 *   the transaction is `completed`;
 * - a physical item's price goes from the buyer to the escrow account; the transaction is
 *   `awaiting_shipment` until the buyer confirms receipt (escrow.ts);
 * - a `transactions` row (amount, fee, seller amount, status, dates) and a `sales_activity` row
 *   are written, and the listing's other pending offers and trade requests are declined;
 * - a completed sale of a slab is recorded as a comp of its card, grader and grade
 *   (docs/product/value.md "Comps");
 * - a completed sale earns the seller points and achievements (docs/product/rewards.md);
 * - an accepted buy offer's hold is released to the buyer just before the buyer pays, in this
 *   transaction, so the held money pays the sale (docs/decisions/009-held-offers-and-payouts.md).
 * @throws DomainError `insufficient_balance` (402) with `noFundsMessage` when the buyer cannot
 * pay; `listing_unavailable` (409) when the linked card is no longer listed on it. The caller's
 * transaction must roll back.
 */
export async function settleSale(
  tx: TxCtx,
  sale: {
    listing: Listing;
    buyerId: string;
    amountCents: Cents;
    /** The accepted buy offer, whose hold pays the sale; null for Buy Now. */
    offer: HeldOffer | null;
    noFundsMessage: string;
  },
): Promise<Sale> {
  const { listing, buyerId, amountCents } = sale;
  // A deleted seller's listings are closed with the account: nothing of theirs is for sale.
  const sellerId = listing.userId;
  if (!sellerId) throw listingUnavailable();
  if (buyerId === sellerId) {
    throw new DomainError("own_listing", "You cannot buy your own listing", 403);
  }
  const split = splitSale(amountCents);
  const now = tx.now();
  let rarity: (typeof userCards.$inferSelect)["rarity"] | null = null;
  let cardName = listing.title;
  let slabId: number | null = null;
  if (listing.cardId) {
    const card = await transferListedCard(tx, {
      cardId: listing.cardId,
      listingId: listing.id,
      sellerId,
      buyerId,
    });
    rarity = card.rarity;
    cardName = card.cardName;
    slabId = card.slabId;
  }
  const status = listing.cardId ? "completed" : "awaiting_shipment";
  invalidatePagesAfterCommit(tx, [pageTags.listing(listing.id), pageTags.listings]);
  const [transaction] = await tx.db
    .insert(transactions)
    .values({
      listingId: listing.id,
      offerId: sale.offer?.id ?? null,
      buyerId,
      sellerId,
      transactionAmountCents: amountCents,
      ...split,
      status,
      createdAt: now,
      completedAt: status === "completed" ? now : null,
    })
    .returning({ id: transactions.id });
  if (status === "completed") {
    await recordSaleComp(tx, { slabId, transactionId: transaction!.id, amountCents });
    await rewardCompletedSale(tx, {
      sellerId,
      amountCents,
      transactionId: transaction!.id,
      title: cardName,
    });
  }
  const activity = await recordSale(tx, {
    sellerId,
    salePriceCents: amountCents,
    cardName,
    category: listing.category,
    rarity,
    soldAt: now,
    kind: "market",
    slabId,
  });
  await noticeListingSold(tx, {
    transactionId: transaction!.id,
    sellerId,
    title: cardName,
    amountCents,
    sellerAmountCents: split.sellerAmountCents,
    status,
  });
  // The wallets last (the platform's is every sale's): the lock order of docs/decisions/006-marketplace-settlement.md.
  await declinePendingOffers(tx, listing.id, { offerId: sale.offer?.id }, [buyerId, sellerId]);
  if (sale.offer) await releaseOfferHolds(tx, [sale.offer], "accepted", [buyerId, sellerId]);
  await withNoFundsMessage(sale.noFundsMessage, () =>
    postMovement(tx.db, {
      kind: listing.cardId ? "sale" : "escrow",
      reference: `transaction:${transaction!.id}`,
      description: `Marketplace: ${listing.title}`,
      legs: listing.cardId
        ? saleLegs({ userId: buyerId }, sellerId, amountCents, split)
        : [
            { account: { userId: buyerId }, amountCents: -amountCents },
            { account: "escrow", amountCents },
          ],
    }),
  );
  return {
    transactionId: transaction!.id,
    listingId: listing.id,
    amountCents,
    ...split,
    status,
    activity,
  };
}

/**
 * Buys an active listing at its list price (docs/product/market.md "Settlement and fees"), in ONE transaction: the listing
 * goes from active to sold only if it is still active, not the buyer's own, and still at
 * `expectedPriceCents` (the price the buyer saw), then {@link settleSale}. Two buyers at once:
 * one sale, the other refused.
 * @throws DomainError `not_signed_in` (401); `own_listing` (403); `listing_unavailable` (409);
 * `price_changed` (409) when the seller changed the price meanwhile; `insufficient_balance`
 * (402, 'Insufficient balance'); `play_paused` (403) during a break or self-exclusion
 * (docs/decisions/010-responsible-play.md).
 */
export async function buyNow(
  ctx: Ctx,
  input: { listingId: number; expectedPriceCents: Cents },
): Promise<Sale> {
  const buyerId = marketActor(ctx);
  return inTransaction(ctx, async (tx) => {
    const now = tx.now();
    await assertMayPlay(tx, {
      userId: buyerId,
      kind: "market-purchase",
      amountCents: input.expectedPriceCents,
    });
    const [listing] = await tx.db
      .update(listings)
      .set({ status: "sold", closedAt: now, updatedAt: now })
      .where(
        and(
          eq(listings.id, input.listingId),
          eq(listings.status, "active"),
          ne(listings.userId, buyerId),
          eq(listings.priceCents, input.expectedPriceCents),
        ),
      )
      .returning();
    if (!listing) {
      const [current] = await tx.db.select().from(listings).where(eq(listings.id, input.listingId));
      if (current?.userId === buyerId) {
        throw new DomainError("own_listing", "You cannot buy your own listing", 403);
      }
      if (current?.status === "active") {
        throw new DomainError(
          "price_changed",
          "The price of this listing changed. Please check it and try again.",
          409,
        );
      }
      throw listingUnavailable();
    }
    return settleSale(tx, {
      listing,
      buyerId,
      amountCents: listing.priceCents,
      offer: null,
      noFundsMessage: "Insufficient balance",
    });
  });
}
