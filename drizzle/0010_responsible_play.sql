CREATE TABLE "play_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pause_kind" text,
	"pause_started_at" timestamp with time zone,
	"pause_until" timestamp with time zone,
	"reality_check_session_start" timestamp with time zone,
	"reality_checks_acknowledged" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_accounts_pause_complete" CHECK (("play_accounts"."pause_kind" IS NULL) = ("play_accounts"."pause_until" IS NULL) AND ("play_accounts"."pause_until" IS NULL) = ("play_accounts"."pause_started_at" IS NULL)),
	CONSTRAINT "play_accounts_pause_kind_allowed" CHECK ("play_accounts"."pause_kind" IN ('break', 'exclusion')),
	CONSTRAINT "play_accounts_pause_forward" CHECK ("play_accounts"."pause_until" > "play_accounts"."pause_started_at")
);
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_cents" bigint,
	"pending_amount_cents" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "play_limits_kind_allowed" CHECK ("play_limits"."kind" IN ('deposit', 'spending')),
	CONSTRAINT "play_limits_period_allowed" CHECK ("play_limits"."period" IN ('day', 'week', 'month')),
	CONSTRAINT "play_limits_amount_positive" CHECK ("play_limits"."amount_cents" > 0),
	CONSTRAINT "play_limits_pending_amount_positive" CHECK ("play_limits"."pending_amount_cents" > 0),
	CONSTRAINT "play_limits_pending_has_time" CHECK ("play_limits"."pending_amount_cents" IS NULL OR "play_limits"."pending_from" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "play_accounts" ADD CONSTRAINT "play_accounts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;