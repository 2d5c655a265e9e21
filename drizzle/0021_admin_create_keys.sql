ALTER TABLE "events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_idempotencyKey_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_idempotencyKey_unique" UNIQUE("idempotency_key");