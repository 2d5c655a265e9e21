import { sql } from "drizzle-orm";
import { cards } from "./inventory";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { identityKey, stampedNow, allowedValues } from "./columns";

export const PRODUCT_RARITIES = ["Ultra Rare", "Limited", "Rare", "Common"] as const;
export const PRODUCT_CONDITIONS = ["Mint", "Near Mint", "Excellent", "Good"] as const;

export const categories = pgTable("categories", {
  id: identityKey(),
  name: text().notNull().unique(),
  /** The spec's slug rule: name lowercased, spaces replaced by hyphens. */
  slug: text().notNull().unique(),
  description: text().notNull().default(""),
});

export const products = pgTable(
  "products",
  {
    id: identityKey(),
    name: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    priceCents: bigint({ mode: "number" }).notNull(),
    /** A struck-through former price; a product with one is on sale. */
    compareAtCents: bigint({ mode: "number" }),
    /** The catalogue card this product is, when it is a single card; null otherwise. */
    cardId: integer().references(() => cards.id, { onDelete: "restrict" }),
    /** Own image; when null the server draws SVG art from the product. */
    imageUrl: text(),
    rarity: text({ enum: PRODUCT_RARITIES }).notNull(),
    condition: text({ enum: PRODUCT_CONDITIONS }).notNull().default("Mint"),
    rating: numeric({ precision: 2, scale: 1, mode: "number" }).notNull().default(4.5),
    reviewCount: integer().notNull().default(0),
    description: text().notNull(),
    stock: integer().notNull().default(0),
    unitsSold: integer().notNull().default(0),
    trendingScore: integer().notNull().default(0),
    isFeatured: boolean().notNull().default(false),
    createdAt: stampedNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_price_idx").on(t.priceCents),
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check(
      "products_compare_at_above_price",
      sql`${t.compareAtCents} IS NULL OR ${t.compareAtCents} > ${t.priceCents}`,
    ),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
    check("products_units_sold_non_negative", sql`${t.unitsSold} >= 0`),
    check("products_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    check("products_rating_range", sql`${t.rating} BETWEEN 0 AND 5`),
    allowedValues("products_rarity_allowed", t.rarity, PRODUCT_RARITIES),
    allowedValues("products_condition_allowed", t.condition, PRODUCT_CONDITIONS),
  ],
);

export const events = pgTable(
  "events",
  {
    id: identityKey(),
    title: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    description: text().notNull(),
    /**
     * The key of the admin's create form that made it (unique when set): a doubled or retried
     * submission makes one event. Null for events made otherwise (seeds).
     */
    idempotencyKey: text().unique(),
  },
  (t) => [check("events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`)],
);
