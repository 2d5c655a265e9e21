ALTER TABLE "listings" DROP CONSTRAINT "listings_user_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;