CREATE TABLE "card_values" (
	"card_id" integer NOT NULL,
	"grader" text NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"fmv_cents" bigint NOT NULL,
	"confidence" integer NOT NULL,
	"comp_count" integer NOT NULL,
	"last_comp_at" timestamp with time zone NOT NULL,
	"basis" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_values_card_id_grader_grade_pk" PRIMARY KEY("card_id","grader","grade"),
	CONSTRAINT "card_values_fmv_positive" CHECK ("card_values"."fmv_cents" > 0),
	CONSTRAINT "card_values_confidence_range" CHECK ("card_values"."confidence" BETWEEN 0 AND 100),
	CONSTRAINT "card_values_basis_allowed" CHECK ("card_values"."basis" IN ('direct', 'neighbour'))
);
--> statement-breakpoint
CREATE TABLE "comps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"grader" text NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"price_cents" bigint NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"transaction_id" integer,
	"import_key" text,
	"excluded_at" timestamp with time zone,
	"excluded_reason" text,
	"excluded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comps_price_positive" CHECK ("comps"."price_cents" > 0),
	CONSTRAINT "comps_grader_allowed" CHECK ("comps"."grader" IN ('PSA', 'BGS', 'CGC', 'SGC')),
	CONSTRAINT "comps_grade_range" CHECK ("comps"."grade" >= 1 AND "comps"."grade" <= 10),
	CONSTRAINT "comps_one_origin" CHECK ("comps"."transaction_id" IS NULL OR "comps"."import_key" IS NULL),
	CONSTRAINT "comps_exclusion_reason" CHECK (("comps"."excluded_at" IS NULL) = ("comps"."excluded_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"value_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"cards" integer NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "portfolio_snapshots_non_negative" CHECK ("portfolio_snapshots"."value_cents" >= 0 AND "portfolio_snapshots"."cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "slabs" ADD COLUMN "fmv_pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_values" ADD CONSTRAINT "card_values_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comps" ADD CONSTRAINT "comps_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comps" ADD CONSTRAINT "comps_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comps" ADD CONSTRAINT "comps_excluded_by_profiles_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comps_card_grade_idx" ON "comps" USING btree ("card_id","grader","grade","sold_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comps_transaction_key" ON "comps" USING btree ("transaction_id") WHERE "comps"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comps_import_key" ON "comps" USING btree ("import_key") WHERE "comps"."import_key" IS NOT NULL;