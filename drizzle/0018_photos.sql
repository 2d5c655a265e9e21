CREATE TABLE "photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer,
	"product_id" integer,
	"pack_id" integer,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_one_owner" CHECK (num_nonnulls("photos"."listing_id", "photos"."product_id", "photos"."pack_id") = 1),
	CONSTRAINT "photos_key_hex" CHECK ("photos"."key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "photos_position_range" CHECK ("photos"."position" >= 0 AND "photos"."position" < 6),
	CONSTRAINT "photos_size_positive" CHECK ("photos"."width" > 0 AND "photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_listing_idx" ON "photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "photos_product_idx" ON "photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "photos_pack_idx" ON "photos" USING btree ("pack_id","position");--> statement-breakpoint
CREATE INDEX "photos_key_idx" ON "photos" USING btree ("key");