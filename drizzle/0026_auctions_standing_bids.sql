CREATE TABLE "auction_bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"auction_id" integer NOT NULL,
	"bidder_id" text,
	"max_cents" bigint NOT NULL,
	"held_cents" bigint,
	"price_after_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_bids_max_positive" CHECK ("auction_bids"."max_cents" > 0),
	CONSTRAINT "auction_bids_held" CHECK ("auction_bids"."held_cents" IS NULL OR "auction_bids"."held_cents" = "auction_bids"."max_cents"),
	CONSTRAINT "auction_bids_status_allowed" CHECK ("auction_bids"."status" IN ('leading', 'outbid', 'raised', 'won', 'reserve_not_met'))
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auctions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" text,
	"card_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"start_price_cents" bigint NOT NULL,
	"reserve_cents" bigint,
	"price_cents" bigint NOT NULL,
	"second_max_cents" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"leader_bid_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_end_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"winner_id" text,
	"platform_fee_cents" bigint,
	"seller_amount_cents" bigint,
	CONSTRAINT "auctions_status_allowed" CHECK ("auctions"."status" IN ('open', 'sold', 'unsold')),
	CONSTRAINT "auctions_amounts" CHECK ("auctions"."start_price_cents" >= 100 AND "auctions"."price_cents" >= "auctions"."start_price_cents"
        AND ("auctions"."reserve_cents" IS NULL OR "auctions"."reserve_cents" >= "auctions"."start_price_cents")),
	CONSTRAINT "auctions_soft_close_cap" CHECK ("auctions"."ends_at" >= "auctions"."scheduled_end_at" AND "auctions"."ends_at" <= "auctions"."scheduled_end_at" + interval '24 hours'),
	CONSTRAINT "auctions_settlement" CHECK (("auctions"."status" = 'open') = ("auctions"."settled_at" IS NULL)
        AND ("auctions"."status" = 'sold') = ("auctions"."platform_fee_cents" IS NOT NULL)
        AND ("auctions"."status" <> 'sold' OR "auctions"."platform_fee_cents" + "auctions"."seller_amount_cents" = "auctions"."price_cents"))
);
--> statement-breakpoint
CREATE TABLE "standing_bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standing_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bidder_id" text,
	"card_id" integer NOT NULL,
	"grader" text NOT NULL,
	"min_grade" numeric(3, 1) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"filled_card_id" integer,
	"seller_id" text,
	"platform_fee_cents" bigint,
	"seller_amount_cents" bigint,
	CONSTRAINT "standing_bids_amount_positive" CHECK ("standing_bids"."amount_cents" >= 100),
	CONSTRAINT "standing_bids_grade_range" CHECK ("standing_bids"."min_grade" >= 1 AND "standing_bids"."min_grade" <= 10),
	CONSTRAINT "standing_bids_status_allowed" CHECK ("standing_bids"."status" IN ('open', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "standing_bids_ended" CHECK (("standing_bids"."status" = 'open') = ("standing_bids"."ended_at" IS NULL)),
	CONSTRAINT "standing_bids_fill" CHECK (("standing_bids"."status" = 'filled') = ("standing_bids"."platform_fee_cents" IS NOT NULL)
        AND ("standing_bids"."status" <> 'filled' OR "standing_bids"."platform_fee_cents" + "standing_bids"."seller_amount_cents" = "standing_bids"."amount_cents"))
);
--> statement-breakpoint
ALTER TABLE "user_cards" DROP CONSTRAINT "user_cards_status_allowed";--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_bidder_id_profiles_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_card_id_user_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."user_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_winner_id_profiles_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bids" ADD CONSTRAINT "standing_bids_bidder_id_profiles_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bids" ADD CONSTRAINT "standing_bids_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bids" ADD CONSTRAINT "standing_bids_filled_card_id_user_cards_id_fk" FOREIGN KEY ("filled_card_id") REFERENCES "public"."user_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_bids" ADD CONSTRAINT "standing_bids_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_bids_auction_idx" ON "auction_bids" USING btree ("auction_id","id");--> statement-breakpoint
CREATE INDEX "auction_bids_bidder_idx" ON "auction_bids" USING btree ("bidder_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_one_leader_key" ON "auction_bids" USING btree ("auction_id") WHERE "auction_bids"."status" = 'leading';--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_one_open_per_card_key" ON "auctions" USING btree ("card_id") WHERE "auctions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "auctions_open_ending_idx" ON "auctions" USING btree ("ends_at") WHERE "auctions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "auctions_status_created_idx" ON "auctions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auctions_seller_idx" ON "auctions" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "standing_bids_ladder_idx" ON "standing_bids" USING btree ("card_id","grader","amount_cents" DESC NULLS LAST,"id") WHERE "standing_bids"."status" = 'open';--> statement-breakpoint
CREATE INDEX "standing_bids_bidder_idx" ON "standing_bids" USING btree ("bidder_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "standing_bids_open_expiry_idx" ON "standing_bids" USING btree ("expires_at") WHERE "standing_bids"."status" = 'open';--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_status_allowed" CHECK ("user_cards"."status" IN ('vaulted', 'listed', 'sold', 'redeemed', 'in_auction'));