CREATE TABLE "order_status_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "wallet_payouts_amount_positive" CHECK ("wallet_payouts"."amount_cents" > 0),
	CONSTRAINT "wallet_payouts_status_allowed" CHECK ("wallet_payouts"."status" IN ('pending', 'processing', 'paid', 'failed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_allowed";--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_allowed";--> statement-breakpoint
ALTER TABLE "trade_requests" DROP CONSTRAINT "trade_requests_status_allowed";--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_allowed";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "held_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payouts" ADD CONSTRAINT "wallet_payouts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payouts" ADD CONSTRAINT "wallet_payouts_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_payouts_user_key" ON "wallet_payouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_payouts_status_idx" ON "wallet_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_payouts_user_idx" ON "wallet_payouts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_pending_age_idx" ON "offers" USING btree ("created_at") WHERE "offers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_allowed" CHECK ("orders"."status" IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled', 'completed'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_held_positive" CHECK ("offers"."held_cents" IS NULL OR "offers"."held_cents" > 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_allowed" CHECK ("offers"."status" IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired'));--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_status_allowed" CHECK ("trade_requests"."status" IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired'));--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_allowed" CHECK ("wallet_accounts"."kind" IN ('user', 'platform', 'escrow', 'holds', 'payouts'));