CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"category" text NOT NULL,
	"condition" text NOT NULL,
	"image_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "listings_price_range" CHECK ("listings"."price_cents" >= 1 AND "listings"."price_cents" <= 100000000),
	CONSTRAINT "listings_status_allowed" CHECK ("listings"."status" IN ('active', 'sold', 'traded', 'cancelled', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"offer_type" text NOT NULL,
	"offer_amount_cents" bigint,
	"trade_item_description" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "offers_type_allowed" CHECK ("offers"."offer_type" IN ('buy', 'trade')),
	CONSTRAINT "offers_status_allowed" CHECK ("offers"."status" IN ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "offers_details" CHECK (("offers"."offer_type" = 'buy' AND "offers"."offer_amount_cents" > 0) OR ("offers"."offer_type" = 'trade' AND "offers"."trade_item_description" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "submission_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"item_name" text NOT NULL,
	"item_description" text NOT NULL,
	"estimated_value_cents" bigint,
	"category" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"offer_amount_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_requests_status_allowed" CHECK ("submission_requests"."status" IN ('pending', 'reviewing', 'offer_made', 'accepted', 'rejected')),
	CONSTRAINT "submission_requests_amounts" CHECK (("submission_requests"."estimated_value_cents" IS NULL OR "submission_requests"."estimated_value_cents" > 0) AND ("submission_requests"."offer_amount_cents" IS NULL OR "submission_requests"."offer_amount_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "trade_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trade_request_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"offered_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "trade_requests_status_allowed" CHECK ("trade_requests"."status" IN ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"offer_id" integer,
	"buyer_id" text,
	"seller_id" text,
	"transaction_amount_cents" bigint NOT NULL,
	"platform_fee_cents" bigint NOT NULL,
	"seller_amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transactions_amounts" CHECK ("transactions"."transaction_amount_cents" > 0 AND "transactions"."platform_fee_cents" >= 0 AND "transactions"."seller_amount_cents" >= 0 AND "transactions"."platform_fee_cents" + "transactions"."seller_amount_cents" = "transactions"."transaction_amount_cents"),
	CONSTRAINT "transactions_status_allowed" CHECK ("transactions"."status" IN ('completed', 'awaiting_shipment', 'shipped', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "sales_activity" ALTER COLUMN "rarity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_card_id_user_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."user_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_from_user_id_profiles_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requests" ADD CONSTRAINT "submission_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_card_id_user_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."user_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_offered_by_profiles_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_from_user_id_profiles_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_to_user_id_profiles_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_active_per_card_key" ON "listings" USING btree ("card_id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "offers_from_idx" ON "offers" USING btree ("from_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submission_requests_user_idx" ON "submission_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trade_items_request_card_key" ON "trade_items" USING btree ("trade_request_id","card_id");--> statement-breakpoint
CREATE INDEX "trade_items_card_idx" ON "trade_items" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "trade_requests_listing_idx" ON "trade_requests" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "trade_requests_from_idx" ON "trade_requests" USING btree ("from_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_listing_key" ON "transactions" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "transactions_buyer_idx" ON "transactions" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_seller_idx" ON "transactions" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_shipped_idx" ON "transactions" USING btree ("status","shipped_at");--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;