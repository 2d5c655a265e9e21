ALTER TABLE "transactions" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "auction_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "standing_bid_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_standing_bid_id_standing_bids_id_fk" FOREIGN KEY ("standing_bid_id") REFERENCES "public"."standing_bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_auction_key" ON "transactions" USING btree ("auction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_standing_bid_key" ON "transactions" USING btree ("standing_bid_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_one_source" CHECK (num_nonnulls("transactions"."listing_id", "transactions"."auction_id", "transactions"."standing_bid_id") = 1);--> statement-breakpoint
-- hand-written below
-- Auction sales and standing-bid fills settled before this migration get their transactions row
-- (their Sales entries); their points are not granted after the fact.
INSERT INTO "transactions" ("auction_id", "buyer_id", "seller_id", "transaction_amount_cents", "platform_fee_cents", "seller_amount_cents", "status", "created_at", "completed_at")
SELECT "id", "winner_id", "seller_id", "price_cents", "platform_fee_cents", "seller_amount_cents", 'completed', "settled_at", "settled_at"
FROM "auctions"
WHERE "status" = 'sold' AND "platform_fee_cents" IS NOT NULL AND "seller_amount_cents" IS NOT NULL;--> statement-breakpoint
INSERT INTO "transactions" ("standing_bid_id", "buyer_id", "seller_id", "transaction_amount_cents", "platform_fee_cents", "seller_amount_cents", "status", "created_at", "completed_at")
SELECT "id", "bidder_id", "seller_id", "amount_cents", "platform_fee_cents", "seller_amount_cents", 'completed', "ended_at", "ended_at"
FROM "standing_bids"
WHERE "status" = 'filled' AND "platform_fee_cents" IS NOT NULL AND "seller_amount_cents" IS NOT NULL;
