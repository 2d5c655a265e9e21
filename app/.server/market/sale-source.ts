import { sql } from "drizzle-orm";

/**
 * What a `transactions` row sold, for the lists that show sales (the offers inbox's Sales, the
 * staff's transactions): it comes from exactly one of a listing, an auction or a filled standing
 * bid (docs/decisions/045-auctions-and-standing-bids.md). Correlated lookups by primary key, so
 * any query over `transactions` (unaliased) can select them without joins. Written in plain SQL
 * with qualified names: drizzle leaves a column of a one-table query unqualified, which would
 * be ambiguous inside the subqueries.
 */
export const saleTitle = sql<string>`coalesce(
  (select l.title from listings l where l.id = "transactions"."listing_id"),
  (select a.title from auctions a where a.id = "transactions"."auction_id"),
  (select c.name from standing_bids b join cards c on c.id = b.card_id
    where b.id = "transactions"."standing_bid_id"),
  'Item')`;

/** The page of what a `transactions` row sold: the listing, the auction, or the card's bids. */
export const saleHref = sql<string>`case
  when "transactions"."listing_id" is not null then '/marketplace/' || "transactions"."listing_id"
  when "transactions"."auction_id" is not null then '/auctions/' || "transactions"."auction_id"
  else '/auctions/cards/' || (select b.card_id from standing_bids b
    where b.id = "transactions"."standing_bid_id")
  end`;
