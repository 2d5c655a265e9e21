import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { events, products } from "./catalog";
import { ORDER_STATUSES } from "~/lib/domain/orders";

/** docs/product/cart-and-orders.md "Cart", cart_items: one line per user and product. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    unique("cart_items_user_product_key").on(t.userId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

/** docs/product/catalogue.md "Wishlist", wishlist_items. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: stampedNow(),
  },
  (t) => [unique("wishlist_items_user_product_key").on(t.userId, t.productId)],
);

/**
 * docs/product/cart-and-orders.md, orders. Kept for the books when the user deletes their account
 * (user_id becomes null). `idempotency_key` is claimed by the checkout form's key, once. The
 * shipping address is the checkout form's (null on orders placed before checkout asked for
 * one); carrier and tracking number are set by an admin when it ships.
 */
export const orders = pgTable(
  "orders",
  {
    id: identityKey(),
    userId: profileRef("set null"),
    totalCents: bigint({ mode: "number" }).notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull().default("pending"),
    pointsAwarded: integer().notNull().default(0),
    idempotencyKey: text().notNull().unique(),
    shippingName: text(),
    shippingStreet: text(),
    shippingCity: text(),
    shippingState: text(),
    shippingZip: text(),
    carrier: text(),
    trackingNumber: text(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    index("orders_user_time_idx").on(t.userId, t.createdAt.desc()),
    check("orders_total_non_negative", sql`${t.totalCents} >= 0`),
    check("orders_points_non_negative", sql`${t.pointsAwarded} >= 0`),
    allowedValues("orders_status_allowed", t.status, ORDER_STATUSES),
  ],
);

/**
 * Each status an order has been in, with when and (for a change by staff) who, carrier and
 * tracking number: the history /track-order and the account's order detail show.
 */
export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: identityKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    carrier: text(),
    trackingNumber: text(),
    actorId: profileRef("set null"),
    createdAt: stampedNow(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.id)],
);

/** docs/product/cart-and-orders.md, order_items: the unit price and name are snapshotted. */
export const orderItems = pgTable(
  "order_items",
  {
    id: identityKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    productName: text().notNull(),
    unitPriceCents: bigint({ mode: "number" }).notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_price_non_negative", sql`${t.unitPriceCents} >= 0`),
  ],
);

/** docs/product/rewards.md "Points", rewards: one row per user; a cache of the reward ledger. */
export const rewards = pgTable(
  "rewards",
  {
    userId: profileRef("cascade").primaryKey(),
    /** Spendable balance. */
    points: integer().notNull().default(0),
    /** Everything ever earned; never decreases. */
    totalEarned: integer().notNull().default(0),
    /** When the last award landed: when the user reached `total_earned` (leaderboard ties). */
    updatedAt: stampedNow(),
  },
  (t) => [
    index("rewards_ranking_idx").on(t.totalEarned.desc(), t.updatedAt),
    check("rewards_points_non_negative", sql`${t.points} >= 0`),
    check("rewards_total_earned_non_negative", sql`${t.totalEarned} >= 0`),
  ],
);

/** docs/product/rewards.md "Points", reward_transactions: the append-only reward ledger. */
export const rewardTransactions = pgTable(
  "reward_transactions",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    /** Signed: positive when earned, negative when spent. */
    points: integer().notNull(),
    /** 'purchase' (store orders), 'pack_opening', 'sale' (marketplace seller), 'achievement'. */
    type: text().notNull(),
    description: text().notNull(),
    /** What earned it, besides orders: `pack_opening:42`, `transaction:7`, `achievement:first_pull`. */
    reference: text(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    createdAt: stampedNow(),
  },
  (t) => [index("reward_transactions_user_time_idx").on(t.userId, t.createdAt.desc())],
);

/** A signed-in user's registration for an event (docs/product/catalogue.md "Events"), once per event. */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: identityKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: profileRef("cascade").notNull(),
    createdAt: stampedNow(),
  },
  (t) => [unique("event_registrations_event_user_key").on(t.eventId, t.userId)],
);
