CREATE TABLE "pool_commitments" (
	"commitment" text PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"canonical_text" text NOT NULL,
	"slab_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_commitments_hex" CHECK ("pool_commitments"."commitment" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "pack_openings" ADD COLUMN "pool_commitment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "pool_commitment" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "pool_commitments_pack_idx" ON "pool_commitments" USING btree ("pack_id","created_at");--> statement-breakpoint
-- Pool commitments are published facts (docs/decisions/041-pool-commitment.md): append-only.
CREATE FUNCTION pool_commitments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'pool_commitments is append-only' USING ERRCODE = 'PV003';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pool_commitments_append_only BEFORE UPDATE OR DELETE ON pool_commitments
  FOR EACH ROW EXECUTE FUNCTION pool_commitments_append_only();
--> statement-breakpoint
-- The stock trigger (0011, 0022) also refuses an opening whose pack's pool was recomposed since
-- the opening read the pack (PV002, 'pack changed'): the pool commitment an opening records is
-- the one in force at its COMMIT, so its slab is in the pool that commitment lists.
CREATE OR REPLACE FUNCTION pack_openings_take_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE packs SET available_count = available_count - 1
  WHERE id = NEW.pack_id AND is_active AND available_count > 0
    AND price_cents = NEW.price_paid_cents
    AND rarity_distribution = NEW.rarity_distribution
    AND card_names = NEW.card_names
    AND odds_commitment = NEW.odds_commitment
    AND pool_commitment = NEW.pool_commitment;
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
