CREATE TABLE "achievements" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"points" integer NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "achievements_points_positive" CHECK ("achievements"."points" > 0),
	CONSTRAINT "achievements_category_allowed" CHECK ("achievements"."category" IN ('packs', 'marketplace', 'vault', 'other'))
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_achievements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"achievement_id" text NOT NULL,
	"source" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_achievements_user_achievement_key" UNIQUE("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "leaderboard_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_achievements_achievement_idx" ON "user_achievements" USING btree ("achievement_id");--> statement-breakpoint
CREATE INDEX "user_achievements_source_idx" ON "user_achievements" USING btree ("source");--> statement-breakpoint
CREATE INDEX "rewards_ranking_idx" ON "rewards" USING btree ("total_earned" DESC NULLS LAST,"updated_at");--> statement-breakpoint
-- The achievement catalogue (issue 7 section 1); app/.server/rewards/achievement-rules.ts says what unlocks each.
INSERT INTO "achievements" ("id", "name", "description", "points", "category") VALUES
  ('first_pull', 'First Pull', 'Open your first pack.', 50, 'packs'),
  ('ten_pulls', 'Pack Enthusiast', 'Open 10 packs.', 100, 'packs'),
  ('hundred_pulls', 'Pack Legend', 'Open 100 packs.', 1000, 'packs'),
  ('first_rare', 'Rare Find', 'Pull your first rare card.', 100, 'packs'),
  ('first_legendary', 'Legendary Pull', 'Pull your first legendary card.', 500, 'packs'),
  ('five_legendaries', 'Living Legend', 'Pull five legendary cards.', 2000, 'packs'),
  ('perfect_ten', 'Gem Mint', 'Pull a card graded 10.0.', 250, 'packs'),
  ('pack_explorer', 'Pack Explorer', 'Pull a card from every pack category.', 500, 'packs'),
  ('high_roller', 'High Roller', 'Open a pack priced $500 or more.', 250, 'packs'),
  ('vault_1000', 'Vault Keeper', 'Hold $1,000 of cards in your vault at once.', 300, 'vault'),
  ('first_buyback', 'Quick Flip', 'Accept your first buyback offer.', 50, 'vault'),
  ('first_redemption', 'Hands On', 'Redeem your first physical card.', 100, 'vault'),
  ('first_listing', 'Open for Business', 'List your first item on the marketplace.', 50, 'marketplace'),
  ('first_sale', 'First Sale', 'Sell your first item on the marketplace.', 150, 'marketplace'),
  ('first_trade', 'Trader', 'Complete your first card trade.', 150, 'marketplace'),
  ('first_order', 'Shopper', 'Place your first store order.', 50, 'other');
