-- An opening takes its unit of stock when it commits (docs/decisions/011-pack-drop-throughput.md):
-- a deferred constraint trigger on pack_openings runs the conditional update of the pack's row
-- inside COMMIT, so the row every opening of the pack waits for is held only while the commit
-- is written, never across a round trip to the application. The update refuses a pack that is
-- inactive, sold out, or whose price, odds or names differ from what the opening drew with;
-- the error's SQLSTATE tells the application which (app/.server/packs/opening.ts).
CREATE FUNCTION pack_openings_take_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE packs SET available_count = available_count - 1
  WHERE id = NEW.pack_id AND is_active AND available_count > 0
    AND price_cents = NEW.price_paid_cents
    AND rarity_distribution = NEW.rarity_distribution
    AND card_names = NEW.card_names
    AND odds_commitment = NEW.odds_commitment;
  IF FOUND THEN
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
CREATE CONSTRAINT TRIGGER pack_openings_take_unit
  AFTER INSERT ON pack_openings DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION pack_openings_take_unit();
