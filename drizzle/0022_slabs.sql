CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"set_name" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_identity_key" UNIQUE("category","set_name","number","name","variant"),
	CONSTRAINT "cards_year_range" CHECK ("cards"."year" BETWEEN 1800 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "slab_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slab_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slab_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"pack_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slabs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"grader" text NOT NULL,
	"cert" text NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"front_image_url" text,
	"back_image_url" text,
	"fmv_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"acquired_on" date NOT NULL,
	"bin" text NOT NULL,
	"state" text DEFAULT 'intake' NOT NULL,
	"pack_id" integer,
	"pool_tier" text,
	"write_off_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slabs_grader_cert_key" UNIQUE("grader","cert"),
	CONSTRAINT "slabs_grader_allowed" CHECK ("slabs"."grader" IN ('PSA', 'BGS', 'CGC', 'SGC')),
	CONSTRAINT "slabs_cert_digits" CHECK ("slabs"."cert" ~ '^[0-9]{6,10}$'),
	CONSTRAINT "slabs_grade_on_scale" CHECK ("slabs"."grade" >= 1 AND "slabs"."grade" <= 10
        AND ("slabs"."grade" * 2) = floor("slabs"."grade" * 2)
        AND ("slabs"."grader" <> 'PSA' OR "slabs"."grade" = floor("slabs"."grade"))),
	CONSTRAINT "slabs_money_non_negative" CHECK ("slabs"."fmv_cents" >= 0 AND "slabs"."cost_cents" >= 0),
	CONSTRAINT "slabs_state_allowed" CHECK ("slabs"."state" IN ('intake', 'house_stock', 'in_pool', 'owned', 'shipping_out', 'redeemed', 'written_off')),
	CONSTRAINT "slabs_pool_only_in_pool" CHECK (("slabs"."state" = 'in_pool') = ("slabs"."pack_id" IS NOT NULL)
        AND ("slabs"."pack_id" IS NULL) = ("slabs"."pool_tier" IS NULL)),
	CONSTRAINT "slabs_write_off_reason" CHECK (("slabs"."state" = 'written_off') = ("slabs"."write_off_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "pack_openings" ADD COLUMN "slab_id" integer;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "slab_id" integer;--> statement-breakpoint
ALTER TABLE "slab_events" ADD CONSTRAINT "slab_events_slab_id_slabs_id_fk" FOREIGN KEY ("slab_id") REFERENCES "public"."slabs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slabs" ADD CONSTRAINT "slabs_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slabs" ADD CONSTRAINT "slabs_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_name_idx" ON "cards" USING btree ("name");--> statement-breakpoint
CREATE INDEX "slab_events_slab_idx" ON "slab_events" USING btree ("slab_id","id");--> statement-breakpoint
CREATE INDEX "slabs_card_idx" ON "slabs" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "slabs_state_idx" ON "slabs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "slabs_pool_idx" ON "slabs" USING btree ("pack_id","pool_tier","id") WHERE "slabs"."state" = 'in_pool';--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_slab_id_slabs_id_fk" FOREIGN KEY ("slab_id") REFERENCES "public"."slabs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_openings_slab_idx" ON "pack_openings" USING btree ("slab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_cards_one_holder_per_slab" ON "user_cards" USING btree ("slab_id") WHERE "user_cards"."slab_id" IS NOT NULL AND "user_cards"."status" <> 'sold';--> statement-breakpoint
-- A slab's custody history (DESIGN.md "Inventory (real slabs)"): every slab taken in and every
-- change of its state or pool is recorded by the database itself, in the transaction that made
-- it, so no path can move a slab without leaving its trace.
CREATE FUNCTION slabs_record_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO slab_events (slab_id, from_state, to_state, pack_id, reason)
    VALUES (NEW.id, NULL, NEW.state, NEW.pack_id, NEW.write_off_reason);
  ELSIF NEW.state IS DISTINCT FROM OLD.state OR NEW.pack_id IS DISTINCT FROM OLD.pack_id THEN
    INSERT INTO slab_events (slab_id, from_state, to_state, pack_id, reason)
    VALUES (NEW.id, OLD.state, NEW.state, coalesce(NEW.pack_id, OLD.pack_id), NEW.write_off_reason);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER slabs_record_event AFTER INSERT OR UPDATE ON slabs
  FOR EACH ROW EXECUTE FUNCTION slabs_record_event();
--> statement-breakpoint
-- The history is append-only.
CREATE FUNCTION slab_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'slab_events is append-only' USING ERRCODE = 'PV003';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER slab_events_append_only BEFORE UPDATE OR DELETE ON slab_events
  FOR EACH ROW EXECUTE FUNCTION slab_events_append_only();
--> statement-breakpoint
-- The opening's unit of stock (0011), and now its pool: an opening that pulled a slab and left
-- a tier with non-zero odds empty sells the pack out in the same COMMIT (docs/decisions/037).
-- The check runs after the pack's row is locked, in a statement of its own, so it sees every
-- pull of the pack committed before this one.
CREATE OR REPLACE FUNCTION pack_openings_take_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE packs SET available_count = available_count - 1
  WHERE id = NEW.pack_id AND is_active AND available_count > 0
    AND price_cents = NEW.price_paid_cents
    AND rarity_distribution = NEW.rarity_distribution
    AND card_names = NEW.card_names
    AND odds_commitment = NEW.odds_commitment;
  IF FOUND THEN
    IF NEW.slab_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM jsonb_each_text(NEW.rarity_distribution) AS odds (tier, percent)
      WHERE odds.percent::numeric > 0 AND NOT EXISTS (
        SELECT 1 FROM slabs s
        WHERE s.pack_id = NEW.pack_id AND s.state = 'in_pool' AND s.pool_tier = odds.tier))
    THEN
      UPDATE packs SET available_count = 0 WHERE id = NEW.pack_id;
    END IF;
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM packs WHERE id = NEW.pack_id AND is_active AND available_count > 0) THEN
    RAISE EXCEPTION 'pack % changed since opening % read it', NEW.pack_id, NEW.id
      USING ERRCODE = 'PV002';
  END IF;
  RAISE EXCEPTION 'pack % is out of stock for opening %', NEW.pack_id, NEW.id
    USING ERRCODE = 'PV001';
END;
$$;
--> statement-breakpoint
-- Packs draw only from their pool from now on, and no pack has one yet: until an admin composes
-- its pool, a pack has nothing to sell. Cards pulled before keep everything they had and no slab.
UPDATE packs SET available_count = 0;
