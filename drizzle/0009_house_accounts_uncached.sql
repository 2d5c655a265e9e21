ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_balance_non_negative";--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "balance_after_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_house_balance_in_entries" CHECK ("wallet_accounts"."kind" = 'user' OR "wallet_accounts"."balance_cents" = 0);--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_balance_non_negative" CHECK ("wallet_accounts"."balance_cents" >= 0);