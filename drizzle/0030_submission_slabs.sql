ALTER TABLE "products" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "slabs" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slabs" ADD CONSTRAINT "slabs_submission_id_submission_requests_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slabs" ADD CONSTRAINT "slabs_submission_key" UNIQUE("submission_id");