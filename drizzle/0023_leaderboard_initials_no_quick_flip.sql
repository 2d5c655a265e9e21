ALTER TABLE "profiles" ADD COLUMN "leaderboard_full_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- No achievement rewards selling a pull straight back (docs/product/rewards.md): 'Quick Flip'
-- (first buyback) is retired with its unlocks; the points it paid stay in the reward ledger.
DELETE FROM "achievements" WHERE "id" = 'first_buyback';
