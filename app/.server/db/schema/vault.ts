import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  type AnyPgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { CARD_RARITIES } from "~/lib/domain/rarity";
import { REDEMPTION_STATUSES } from "~/lib/domain/redemptions";
import { listings } from "./market";
import { packs } from "./packs";
import { slabs } from "./inventory";

/**
 * docs/design.md invariant 2: one owner, one status. `redeemed` is ours (the spec's `sold` is kept for
 * sales, docs/design.md "Decisions beyond the spec"); so is `in_auction`, a vaulted card its owner put
 * up for auction (docs/product/market.md "Auctions"), which can then not be listed or traded.
 */
export const CARD_STATUSES = ["vaulted", "listed", "sold", "redeemed", "in_auction"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** docs/product/vault.md, user_card: a graded card in a user's vault (or gone from it). */
export const userCards = pgTable(
  "user_cards",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    cardName: text().notNull(),
    cardDescription: text().notNull(),
    /** 'Trading Cards' when pulled (docs/product/vault.md). */
    category: text().notNull(),
    /** The pack category it was pulled from (slab art, "a card from every pack category"). */
    packCategory: text(),
    packId: integer().references(() => packs.id, { onDelete: "set null" }),
    rarity: text({ enum: CARD_RARITIES }).notNull(),
    condition: text().notNull().default("Mint"),
    grade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    estimatedValueCents: bigint({ mode: "number" }).notNull(),
    imageUrl: text(),
    status: text({ enum: CARD_STATUSES }).notNull().default("vaulted"),
    /** The marketplace listing while `listed`. */
    listingId: integer().references((): AnyPgColumn => listings.id, { onDelete: "set null" }),
    pulledAt: stampedNow(),
    /**
     * The physical slab this card is (docs/design.md "Inventory (real slabs)"); null for a card
     * pulled before packs drew real slabs ("issued before inventory-backed packs").
     */
    slabId: integer().references(() => slabs.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("user_cards_user_pulled_idx").on(t.userId, t.pulledAt.desc()),
    // One owner per slab (docs/design.md invariant 2): at most one card that is not sold back holds it.
    uniqueIndex("user_cards_one_holder_per_slab")
      .on(t.slabId)
      .where(sql`${t.slabId} IS NOT NULL AND ${t.status} <> 'sold'`),
    allowedValues("user_cards_status_allowed", t.status, CARD_STATUSES),
    allowedValues("user_cards_rarity_allowed", t.rarity, CARD_RARITIES),
    check("user_cards_grade_range", sql`${t.grade} >= 1 AND ${t.grade} <= 10`),
    check("user_cards_value_non_negative", sql`${t.estimatedValueCents} >= 0`),
  ],
);

export const BUYBACK_STATUSES = ["pending", "accepted", "cancelled"] as const;
export type BuybackStatus = (typeof BUYBACK_STATUSES)[number];

/**
 * docs/product/vault.md, buyback_offer: 90 % of the value, pending until accepted before `expires_at`
 * (invariant 3). `cancelled` when the card left the vault another way (redeemed, listed).
 * At most one pending offer per card.
 */
export const buybackOffers = pgTable(
  "buyback_offers",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    cardId: integer()
      .notNull()
      .references(() => userCards.id, { onDelete: "cascade" }),
    offerAmountCents: bigint({ mode: "number" }).notNull(),
    status: text({ enum: BUYBACK_STATUSES }).notNull().default("pending"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex("buyback_offers_one_pending_key")
      .on(t.cardId)
      .where(sql`${t.status} = 'pending'`),
    index("buyback_offers_user_idx").on(t.userId, t.status, t.expiresAt),
    // A card's offers, first one first (the offer made with the pull: draw logs, /fairness).
    index("buyback_offers_card_idx").on(t.cardId, t.id),
    check("buyback_offers_amount_non_negative", sql`${t.offerAmountCents} >= 0`),
    allowedValues("buyback_offers_status_allowed", t.status, BUYBACK_STATUSES),
    check(
      "buyback_offers_accepted_at",
      sql`(${t.status} = 'accepted') = (${t.acceptedAt} IS NOT NULL)`,
    ),
  ],
);

/** docs/product/vault.md, redemption: a request to ship a vaulted card home (one per card). */
export const redemptions = pgTable(
  "redemptions",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    cardId: integer()
      .notNull()
      .references(() => userCards.id, { onDelete: "cascade" }),
    shippingName: text().notNull(),
    shippingAddress: text().notNull(),
    shippingCity: text().notNull(),
    shippingState: text().notNull(),
    shippingZip: text().notNull(),
    shippingCountry: text().notNull().default("USA"),
    status: text({ enum: REDEMPTION_STATUSES }).notNull().default("pending"),
    trackingNumber: text(),
    requestedAt: stampedNow(),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("redemptions_user_idx").on(t.userId, t.requestedAt.desc()),
    index("redemptions_card_idx").on(t.cardId),
    allowedValues("redemptions_status_allowed", t.status, REDEMPTION_STATUSES),
  ],
);
