ALTER TABLE "offers" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_from_user_key" ON "offers" USING btree ("from_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_requests_from_user_key" ON "trade_requests" USING btree ("from_user_id","idempotency_key");