import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { auctions, standingBids } from "./auctions";
import { userCards } from "./vault";
import { SUBMISSION_STATUSES } from "~/lib/domain/submission-status";
import type { SlabIdentity } from "~/lib/schemas/admin";

export const LISTING_STATUSES = ["active", "sold", "traded", "cancelled", "removed"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * docs/product/market.md, listing. `card_id` links a vault card (which is `listed`
 * while the listing is active); without it the listing is a physical item the seller holds.
 * `removed` is an admin deletion (docs/product/administration.md).
 */
export const listings = pgTable(
  "listings",
  {
    id: identityKey(),
    /** The seller; null once their account is deleted (the sale's records stay). */
    userId: profileRef("set null"),
    title: text().notNull(),
    description: text().notNull(),
    priceCents: bigint({ mode: "number" }).notNull(),
    category: text().notNull(),
    condition: text().notNull(),
    imageUrl: text(),
    status: text({ enum: LISTING_STATUSES }).notNull().default("active"),
    cardId: integer().references(() => userCards.id, { onDelete: "set null" }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("listings_status_created_idx").on(t.status, t.createdAt.desc()),
    index("listings_user_idx").on(t.userId),
    uniqueIndex("listings_one_active_per_card_key")
      .on(t.cardId)
      .where(sql`${t.status} = 'active'`),
    check("listings_price_range", sql`${t.priceCents} >= 1 AND ${t.priceCents} <= 100000000`),
    allowedValues("listings_status_allowed", t.status, LISTING_STATUSES),
  ],
);

/** `expired`: a buy offer still pending 7 days after it was made (app/lib/market.ts). */
export const OFFER_STATUSES = ["pending", "accepted", "declined", "withdrawn", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * The columns an offer and a trade request share (docs/product/market.md): the listing it is made
 * on and its sender, the sender's message, where it stands (pending until the listing's owner
 * answers or the sender withdraws), when it was made and answered, and its form's key (one per
 * render, like checkout's): a retried or doubled submission finds the row instead of making a
 * second one. The key is unique per sender ({@link offerIndexes}); null for rows made before
 * forms carried one.
 */
const offerColumns = () => ({
  listingId: integer()
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  fromUserId: profileRef("cascade").notNull(),
  message: text().notNull(),
  status: text({ enum: OFFER_STATUSES }).notNull().default("pending"),
  createdAt: stampedNow(),
  respondedAt: timestamp({ withTimezone: true }),
  idempotencyKey: text(),
});

/**
 * The indexes and the status CHECK an offer and a trade request share, named after `table`: the
 * sender's form key (unique), the listing's offers by status, and the sender's newest first.
 */
function offerIndexes(
  table: string,
  t: Record<
    "listingId" | "fromUserId" | "status" | "createdAt" | "idempotencyKey",
    ExtraConfigColumn
  >,
) {
  return [
    uniqueIndex(`${table}_from_user_key`).on(t.fromUserId, t.idempotencyKey),
    index(`${table}_listing_idx`).on(t.listingId, t.status),
    index(`${table}_from_idx`).on(t.fromUserId, t.createdAt.desc()),
    allowedValues(`${table}_status_allowed`, t.status, OFFER_STATUSES),
  ];
}

/**
 * docs/product/market.md, offer: a buy offer (an amount) or a trade offer described in words, on a
 * listing. Starts pending (spec); the seller accepts or declines, the sender may withdraw.
 */
export const offers = pgTable(
  "offers",
  {
    id: identityKey(),
    /** The key is the Make Offer form's. */
    ...offerColumns(),
    offerType: text({ enum: ["buy", "trade"] }).notNull(),
    offerAmountCents: bigint({ mode: "number" }),
    /**
     * The amount held from the buyer's wallet for this buy offer while it is pending
     * (docs/decisions/009-held-offers-and-payouts.md); null for a trade offer and for buy
     * offers made before holds existed, which hold nothing.
     */
    heldCents: bigint({ mode: "number" }),
    tradeItemDescription: text(),
  },
  (t) => [
    ...offerIndexes("offers", t),
    index("offers_pending_age_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check("offers_held_positive", sql`${t.heldCents} IS NULL OR ${t.heldCents} > 0`),
    check("offers_type_allowed", sql`${t.offerType} IN ('buy', 'trade')`),
    check(
      "offers_details",
      sql`(${t.offerType} = 'buy' AND ${t.offerAmountCents} > 0) OR (${t.offerType} = 'trade' AND ${t.tradeItemDescription} IS NOT NULL)`,
    ),
  ],
);

/**
 * docs/product/market.md, trade_request: an offer of vault cards for a listing's card. Its cards are
 * `trade_items`; they stay in the sender's vault until the listing's owner accepts.
 */
export const tradeRequests = pgTable(
  "trade_requests",
  {
    id: identityKey(),
    /** The key is the trade offer form's. */
    ...offerColumns(),
    toUserId: profileRef("cascade").notNull(),
  },
  (t) => offerIndexes("trade_requests", t),
);

/** docs/product/market.md, trade_item: one card offered in a trade request, for the listing. */
export const tradeItems = pgTable(
  "trade_items",
  {
    id: identityKey(),
    tradeRequestId: integer()
      .notNull()
      .references(() => tradeRequests.id, { onDelete: "cascade" }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    cardId: integer()
      .notNull()
      .references(() => userCards.id, { onDelete: "cascade" }),
    offeredBy: profileRef("cascade").notNull(),
  },
  (t) => [
    uniqueIndex("trade_items_request_card_key").on(t.tradeRequestId, t.cardId),
    index("trade_items_card_idx").on(t.cardId),
  ],
);

export const TRANSACTION_STATUSES = [
  "completed",
  "awaiting_shipment",
  "shipped",
  "refunded",
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * docs/product/market.md, transaction: one marketplace sale, with the amount, the 15 % platform fee
 * and the seller's amount snapshotted. A card sale completes at once; a physical item's money
 * waits in escrow (`awaiting_shipment`, then `shipped`) until the buyer confirms receipt or 14
 * days pass after shipping.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: identityKey(),
    /**
     * What was sold: a listing, an auction or a standing bid filled, exactly one of the three
     * (docs/decisions/045-auctions-and-standing-bids.md).
     */
    listingId: integer().references(() => listings.id, { onDelete: "restrict" }),
    auctionId: integer().references(() => auctions.id, { onDelete: "restrict" }),
    standingBidId: integer().references(() => standingBids.id, { onDelete: "restrict" }),
    offerId: integer().references(() => offers.id, { onDelete: "set null" }),
    buyerId: profileRef("set null"),
    sellerId: profileRef("set null"),
    transactionAmountCents: bigint({ mode: "number" }).notNull(),
    platformFeeCents: bigint({ mode: "number" }).notNull(),
    sellerAmountCents: bigint({ mode: "number" }).notNull(),
    status: text({ enum: TRANSACTION_STATUSES }).notNull(),
    carrier: text(),
    trackingNumber: text(),
    createdAt: stampedNow(),
    shippedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("transactions_listing_key").on(t.listingId),
    uniqueIndex("transactions_auction_key").on(t.auctionId),
    uniqueIndex("transactions_standing_bid_key").on(t.standingBidId),
    check(
      "transactions_one_source",
      sql`num_nonnulls(${t.listingId}, ${t.auctionId}, ${t.standingBidId}) = 1`,
    ),
    index("transactions_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    index("transactions_seller_idx").on(t.sellerId, t.createdAt.desc()),
    index("transactions_shipped_idx").on(t.status, t.shippedAt),
    check(
      "transactions_amounts",
      sql`${t.transactionAmountCents} > 0 AND ${t.platformFeeCents} >= 0 AND ${t.sellerAmountCents} >= 0 AND ${t.platformFeeCents} + ${t.sellerAmountCents} = ${t.transactionAmountCents}`,
    ),
    allowedValues("transactions_status_allowed", t.status, TRANSACTION_STATUSES),
  ],
);

/** docs/product/market.md, submission_request: an item a user offers to sell to the shop (/sell). */
export const submissionRequests = pgTable(
  "submission_requests",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    itemName: text().notNull(),
    itemDescription: text().notNull(),
    estimatedValueCents: bigint({ mode: "number" }),
    category: text().notNull(),
    notes: text(),
    status: text({ enum: SUBMISSION_STATUSES }).notNull().default("pending"),
    offerAmountCents: bigint({ mode: "number" }),
    /**
     * The graded slab staff read off the item (grader, cert, catalogue card id, grade, checked by
     * the intake's rules when saved), taken into intake when the offer is accepted by either
     * side; null for an item that is not a graded card (docs/decisions/053-offer-names-its-slab.md).
     */
    slabIdentity: jsonb().$type<SlabIdentity>(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    index("submission_requests_user_idx").on(t.userId, t.createdAt.desc()),
    allowedValues("submission_requests_status_allowed", t.status, SUBMISSION_STATUSES),
    check(
      "submission_requests_amounts",
      sql`(${t.estimatedValueCents} IS NULL OR ${t.estimatedValueCents} > 0) AND (${t.offerAmountCents} IS NULL OR ${t.offerAmountCents} > 0)`,
    ),
  ],
);
