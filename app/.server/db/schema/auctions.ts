import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { GRADERS } from "~/lib/slabs";
import { cards } from "./inventory";
import { userCards } from "./vault";

export const AUCTION_STATUSES = ["open", "sold", "unsold"] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/**
 * An auction of one vaulted card (docs/product/market.md "Auctions"): the card is `in_auction`
 * while it is `open`; the close job moves it once to `sold` (the card went to the winner, the
 * seller was paid less the fee) or `unsold` (no bid, or the reserve not met: the card went back
 * to the seller's vault). `price_cents` is the visible price (proxy bidding), `ends_at` the end
 * as soft close moved it (never past `scheduled_end_at` + 24 h), `leader_bid_id` the bid whose
 * maximum leads (and is held).
 */
export const auctions = pgTable(
  "auctions",
  {
    id: identityKey(),
    /** Null once the seller's account is deleted (only possible after the close). */
    sellerId: profileRef("set null"),
    cardId: integer()
      .notNull()
      .references(() => userCards.id, { onDelete: "restrict" }),
    /** The card's name and pack category when it was put up (browse by category). */
    title: text().notNull(),
    category: text().notNull(),
    startPriceCents: bigint({ mode: "number" }).notNull(),
    /** Hidden from bidders; only "Reserve met" / "Reserve not met" is shown. */
    reserveCents: bigint({ mode: "number" }),
    priceCents: bigint({ mode: "number" }).notNull(),
    /** The highest maximum of another bidder than the leader (proxy bidding); null until there is one. */
    secondMaxCents: bigint({ mode: "number" }),
    bidCount: integer().notNull().default(0),
    leaderBidId: integer(),
    status: text({ enum: AUCTION_STATUSES }).notNull().default("open"),
    createdAt: stampedNow(),
    scheduledEndAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
    winnerId: profileRef("set null"),
    platformFeeCents: bigint({ mode: "number" }),
    sellerAmountCents: bigint({ mode: "number" }),
  },
  (t) => [
    uniqueIndex("auctions_one_open_per_card_key")
      .on(t.cardId)
      .where(sql`${t.status} = 'open'`),
    index("auctions_open_ending_idx")
      .on(t.endsAt)
      .where(sql`${t.status} = 'open'`),
    index("auctions_status_created_idx").on(t.status, t.createdAt.desc()),
    index("auctions_seller_idx").on(t.sellerId, t.createdAt.desc()),
    allowedValues("auctions_status_allowed", t.status, AUCTION_STATUSES),
    check(
      "auctions_amounts",
      sql`${t.startPriceCents} >= 100 AND ${t.priceCents} >= ${t.startPriceCents}
        AND (${t.reserveCents} IS NULL OR ${t.reserveCents} >= ${t.startPriceCents})`,
    ),
    check(
      "auctions_soft_close_cap",
      sql`${t.endsAt} >= ${t.scheduledEndAt} AND ${t.endsAt} <= ${t.scheduledEndAt} + interval '24 hours'`,
    ),
    check(
      "auctions_settlement",
      sql`(${t.status} = 'open') = (${t.settledAt} IS NULL)
        AND (${t.status} = 'sold') = (${t.platformFeeCents} IS NOT NULL)
        AND (${t.status} <> 'sold' OR ${t.platformFeeCents} + ${t.sellerAmountCents} = ${t.priceCents})`,
    ),
  ],
);

export const AUCTION_BID_STATUSES = [
  "leading",
  "outbid",
  "raised",
  "won",
  "reserve_not_met",
] as const;
export type AuctionBidStatus = (typeof AUCTION_BID_STATUSES)[number];

/**
 * One maximum a bidder entered on an auction, in the order they were taken (the auction row
 * is locked for each, so ids are the commit order). Only the `leading` bid holds its maximum
 * (`held_cents`, the offers' hold machinery, reference `auction_bid:{id}`); it is released once
 * when it stops leading (`outbid`, or `raised`: replaced by the same bidder's higher maximum) or at the
 * close (`won`: it pays the sale; `reserve_not_met`). A bid that never led held nothing.
 * `price_after_cents` is the visible price once it was taken (the bid history).
 */
export const auctionBids = pgTable(
  "auction_bids",
  {
    id: identityKey(),
    auctionId: integer()
      .notNull()
      .references(() => auctions.id, { onDelete: "restrict" }),
    /** Null once the bidder's account is deleted (only possible once nothing of theirs is held). */
    bidderId: profileRef("set null"),
    maxCents: bigint({ mode: "number" }).notNull(),
    heldCents: bigint({ mode: "number" }),
    priceAfterCents: bigint({ mode: "number" }).notNull(),
    status: text({ enum: AUCTION_BID_STATUSES }).notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("auction_bids_auction_idx").on(t.auctionId, t.id),
    index("auction_bids_bidder_idx").on(t.bidderId, t.id.desc()),
    uniqueIndex("auction_bids_one_leader_key")
      .on(t.auctionId)
      .where(sql`${t.status} = 'leading'`),
    check("auction_bids_max_positive", sql`${t.maxCents} > 0`),
    check("auction_bids_held", sql`${t.heldCents} IS NULL OR ${t.heldCents} = ${t.maxCents}`),
    allowedValues("auction_bids_status_allowed", t.status, AUCTION_BID_STATUSES),
  ],
);

export const STANDING_BID_STATUSES = ["open", "filled", "cancelled", "expired"] as const;
export type StandingBidStatus = (typeof STANDING_BID_STATUSES)[number];

/**
 * A standing bid (docs/product/market.md "Standing bids"): `bidder_id` pays `amount_cents` for
 * any vaulted slab of `card_id` by `grader` graded at least `min_grade`. The amount is held
 * (reference `standing_bid:{id}`) while `open`; the hold is released once when it is filled
 * (it pays the sale), cancelled or expired. A fill records the card and seller and the split.
 */
export const standingBids = pgTable(
  "standing_bids",
  {
    id: identityKey(),
    /** Null once the bidder's account is deleted (only possible once nothing of theirs is held). */
    bidderId: profileRef("set null"),
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "restrict" }),
    grader: text({ enum: GRADERS }).notNull(),
    minGrade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    status: text({ enum: STANDING_BID_STATUSES }).notNull().default("open"),
    createdAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    filledCardId: integer().references(() => userCards.id, { onDelete: "set null" }),
    sellerId: profileRef("set null"),
    platformFeeCents: bigint({ mode: "number" }),
    sellerAmountCents: bigint({ mode: "number" }),
  },
  (t) => [
    index("standing_bids_ladder_idx")
      .on(t.cardId, t.grader, t.amountCents.desc(), t.id)
      .where(sql`${t.status} = 'open'`),
    index("standing_bids_bidder_idx").on(t.bidderId, t.id.desc()),
    index("standing_bids_open_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check("standing_bids_amount_positive", sql`${t.amountCents} >= 100`),
    check("standing_bids_grade_range", sql`${t.minGrade} >= 1 AND ${t.minGrade} <= 10`),
    allowedValues("standing_bids_status_allowed", t.status, STANDING_BID_STATUSES),
    check("standing_bids_ended", sql`(${t.status} = 'open') = (${t.endedAt} IS NULL)`),
    check(
      "standing_bids_fill",
      sql`(${t.status} = 'filled') = (${t.platformFeeCents} IS NOT NULL)
        AND (${t.status} <> 'filled' OR ${t.platformFeeCents} + ${t.sellerAmountCents} = ${t.amountCents})`,
    ),
  ],
);
