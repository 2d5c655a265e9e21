import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { cards } from "./inventory";
import { CARD_RARITIES } from "~/lib/domain/rarity";

/**
 * How a sale happened: `market` between collectors (and the seeded demo history), `buyback`
 * the house buying a pull back. Latest Sales shows every market sale but only the buybacks of
 * rare-or-better pulls (docs/product: a feed of $14 house buybacks is noise).
 */
export const SALE_KINDS = ["market", "buyback"] as const;

/** One sale of a card or item (buyback or marketplace), shown in Latest Sales. */
export const salesActivity = pgTable(
  "sales_activity",
  {
    id: identityKey(),
    /** The seller's user id; null for the demo history seeded on a new install. */
    sellerId: text(),
    salePriceCents: bigint({ mode: "number" }).notNull(),
    cardName: text().notNull(),
    category: text().notNull(),
    /** Null for a physical item sold on the marketplace (it has no pull rarity). */
    rarity: text({ enum: CARD_RARITIES }),
    soldAt: stampedNow(),
    kind: text({ enum: SALE_KINDS }).notNull().default("market"),
    /**
     * The catalogue card of the slab sold (Latest Sales links to its page); null for a physical
     * item, a card issued before inventory-backed packs and the seeded demo history.
     */
    cardId: integer().references(() => cards.id, { onDelete: "set null" }),
  },
  (t) => [
    index("sales_activity_sold_at_idx").on(t.soldAt.desc()),
    check("sales_activity_price_positive", sql`${t.salePriceCents} > 0`),
    allowedValues("sales_activity_kind_allowed", t.kind, SALE_KINDS),
    allowedValues("sales_activity_rarity_allowed", t.rarity, CARD_RARITIES),
  ],
);
