CREATE TABLE "odds_commitments" (
	"commitment" text PRIMARY KEY NOT NULL,
	"canonical_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "odds_commitments_hex" CHECK ("odds_commitments"."commitment" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
DROP INDEX "pack_openings_pack_idx";--> statement-breakpoint
-- Existing rows get '' here; syncOddsCommitments (app/.server/packs/odds.ts) fills them right after
-- the migrations, from each row's own price, odds and names (docs/decisions/016-odds-commitment.md).
ALTER TABLE "pack_openings" ADD COLUMN "odds_commitment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_openings" ALTER COLUMN "odds_commitment" DROP DEFAULT;--> statement-breakpoint
-- Existing rows get '' here; syncOddsCommitments (app/.server/packs/odds.ts) fills them right after
-- the migrations, from each row's own price, odds and names (docs/decisions/016-odds-commitment.md).
ALTER TABLE "packs" ADD COLUMN "odds_commitment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ALTER COLUMN "odds_commitment" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "buyback_offers_card_idx" ON "buyback_offers" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "pack_openings_pack_idx" ON "pack_openings" USING btree ("pack_id","id");