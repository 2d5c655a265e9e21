CREATE TABLE "fairness_seeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fairness_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fairness_seeds_serverSeedHash_unique" UNIQUE("server_seed_hash"),
	CONSTRAINT "fairness_seeds_nonce_non_negative" CHECK ("fairness_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pack_openings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pack_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"pack_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"price_paid_cents" bigint NOT NULL,
	"rarity_distribution" jsonb NOT NULL,
	"card_names" jsonb NOT NULL,
	"seed_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"rolls" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pack_openings_cardId_unique" UNIQUE("card_id"),
	CONSTRAINT "pack_openings_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "pack_openings_seed_nonce_key" UNIQUE("seed_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"available_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"rarity_distribution" jsonb NOT NULL,
	"card_names" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packs_price_range" CHECK ("packs"."price_cents" > 0 AND "packs"."price_cents" <= 10000000),
	CONSTRAINT "packs_available_non_negative" CHECK ("packs"."available_count" >= 0),
	CONSTRAINT "packs_distribution_sums_to_100" CHECK (("packs"."rarity_distribution"->>'common')::numeric + ("packs"."rarity_distribution"->>'uncommon')::numeric
        + ("packs"."rarity_distribution"->>'rare')::numeric + ("packs"."rarity_distribution"->>'legendary')::numeric = 100)
);
--> statement-breakpoint
CREATE TABLE "buyback_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"offer_amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_offers_amount_non_negative" CHECK ("buyback_offers"."offer_amount_cents" >= 0),
	CONSTRAINT "buyback_offers_status_allowed" CHECK ("buyback_offers"."status" IN ('pending', 'accepted', 'cancelled')),
	CONSTRAINT "buyback_offers_accepted_at" CHECK (("buyback_offers"."status" = 'accepted') = ("buyback_offers"."accepted_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"shipping_name" text NOT NULL,
	"shipping_address" text NOT NULL,
	"shipping_city" text NOT NULL,
	"shipping_state" text NOT NULL,
	"shipping_zip" text NOT NULL,
	"shipping_country" text DEFAULT 'USA' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tracking_number" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "redemptions_status_allowed" CHECK ("redemptions"."status" IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "user_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"card_name" text NOT NULL,
	"card_description" text NOT NULL,
	"category" text NOT NULL,
	"pack_category" text,
	"pack_id" integer,
	"rarity" text NOT NULL,
	"condition" text DEFAULT 'Mint' NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"estimated_value_cents" bigint NOT NULL,
	"image_url" text,
	"status" text DEFAULT 'vaulted' NOT NULL,
	"listing_id" integer,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_cards_status_allowed" CHECK ("user_cards"."status" IN ('vaulted', 'listed', 'sold', 'redeemed')),
	CONSTRAINT "user_cards_rarity_allowed" CHECK ("user_cards"."rarity" IN ('common', 'uncommon', 'rare', 'legendary')),
	CONSTRAINT "user_cards_grade_range" CHECK ("user_cards"."grade" >= 1 AND "user_cards"."grade" <= 10),
	CONSTRAINT "user_cards_value_non_negative" CHECK ("user_cards"."estimated_value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" text,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_kind_allowed" CHECK ("wallet_accounts"."kind" IN ('user', 'platform', 'escrow')),
	CONSTRAINT "wallet_accounts_balance_non_negative" CHECK ("wallet_accounts"."kind" = 'platform' OR "wallet_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_amount_non_zero" CHECK ("wallet_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_top_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_top_ups_amount_positive" CHECK ("wallet_top_ups"."amount_cents" > 0),
	CONSTRAINT "wallet_top_ups_status_allowed" CHECK ("wallet_top_ups"."status" IN ('succeeded', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_openings" ADD CONSTRAINT "pack_openings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_openings" ADD CONSTRAINT "pack_openings_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_openings" ADD CONSTRAINT "pack_openings_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_offers" ADD CONSTRAINT "buyback_offers_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_offers" ADD CONSTRAINT "buyback_offers_card_id_user_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."user_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_card_id_user_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."user_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_top_ups" ADD CONSTRAINT "wallet_top_ups_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_one_active_key" ON "fairness_seeds" USING btree ("user_id") WHERE "fairness_seeds"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pack_openings_user_time_idx" ON "pack_openings" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pack_openings_pack_idx" ON "pack_openings" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "packs_active_price_idx" ON "packs" USING btree ("is_active","price_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_offers_one_pending_key" ON "buyback_offers" USING btree ("card_id") WHERE "buyback_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "buyback_offers_user_idx" ON "buyback_offers" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "redemptions_card_idx" ON "redemptions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "user_cards_user_pulled_idx" ON "user_cards" USING btree ("user_id","pulled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_user_key" ON "wallet_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_house_kind_key" ON "wallet_accounts" USING btree ("kind") WHERE "wallet_accounts"."kind" <> 'user';--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_top_ups_user_key" ON "wallet_top_ups" USING btree ("user_id","idempotency_key");--> statement-breakpoint
-- The platform's and the escrow's accounts exist from the start (wallet/accounts.ts finds them by kind).
INSERT INTO "wallet_accounts" ("kind") VALUES ('platform'), ('escrow');
--> statement-breakpoint
-- The ledger is append-only (DESIGN.md "Domain rules"): a correction is a new entry.
CREATE FUNCTION "wallet_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_entries is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_entries"
  FOR EACH ROW EXECUTE FUNCTION "wallet_entries_refuse_change"();
