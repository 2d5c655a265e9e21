import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow } from "./columns";
import { products } from "./catalog";
import { listings } from "./market";
import { packs } from "./packs";

/**
 * Uploaded photos (docs/decisions/025-photo-uploads.md): each belongs to exactly one listing,
 * product or pack and goes with it. `key` names the stored files (`<key>-<width>.<format>`
 * in the media storage); the same upload twice shares its files.
 */
export const photos = pgTable(
  "photos",
  {
    id: identityKey(),
    listingId: integer().references(() => listings.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "cascade" }),
    packId: integer().references(() => packs.id, { onDelete: "cascade" }),
    /** 0 first; on a listing 0 is the front and 1 the back of the item. */
    position: integer().notNull(),
    key: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Who uploaded it; null once their account is deleted. */
    uploadedBy: profileRef("set null"),
    createdAt: stampedNow(),
  },
  (t) => [
    index("photos_listing_idx").on(t.listingId, t.position),
    index("photos_product_idx").on(t.productId, t.position),
    index("photos_pack_idx").on(t.packId, t.position),
    index("photos_key_idx").on(t.key),
    check("photos_one_owner", sql`num_nonnulls(${t.listingId}, ${t.productId}, ${t.packId}) = 1`),
    check("photos_key_hex", sql`${t.key} ~ '^[0-9a-f]{64}$'`),
    check("photos_position_range", sql`${t.position} >= 0 AND ${t.position} < 6`),
    check("photos_size_positive", sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);
