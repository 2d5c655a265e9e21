ALTER TABLE "sales_activity" ADD COLUMN "kind" text DEFAULT 'market' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_activity" ADD CONSTRAINT "sales_activity_kind_allowed" CHECK ("sales_activity"."kind" IN ('market', 'buyback'));--> statement-breakpoint
-- Sales recorded before this migration: a buyback is the sale of an accepted buyback offer's card, by its owner, at the offer's amount.
UPDATE "sales_activity" s SET "kind" = 'buyback' WHERE EXISTS (SELECT 1 FROM "buyback_offers" b JOIN "user_cards" c ON c."id" = b."card_id" WHERE b."status" = 'accepted' AND b."user_id" = s."seller_id" AND b."offer_amount_cents" = s."sale_price_cents" AND c."card_name" = s."card_name");
