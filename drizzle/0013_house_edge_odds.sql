-- The house edge (docs/decisions/008-house-edge.md): packs that have never been opened and whose
-- expected buyback pays more than 95 % of the price get the new odds: the two premium demo
-- packs their own, every other pack the new default (85 / 10 / 4 / 1, a 90 % return to player).
-- A pack with openings keeps its odds: its openings were drawn, and committed to, with them.
UPDATE "packs" AS p
SET "rarity_distribution" = CASE p."name"
    WHEN 'Legends of Kanto' THEN '{"common": 84, "uncommon": 10, "rare": 4.5, "legendary": 1.5}'::jsonb
    WHEN 'Power Nine Vault' THEN '{"common": 90, "uncommon": 4, "rare": 3, "legendary": 3}'::jsonb
    ELSE '{"common": 85, "uncommon": 10, "rare": 4, "legendary": 1}'::jsonb
  END,
  "updated_at" = now()
WHERE NOT EXISTS (SELECT 1 FROM "pack_openings" o WHERE o."pack_id" = p."id")
  AND 0.9 * (
      (p."rarity_distribution"->>'common')::numeric * 0.8
    + (p."rarity_distribution"->>'uncommon')::numeric * 1.5
    + (p."rarity_distribution"->>'rare')::numeric * 3
    + (p."rarity_distribution"->>'legendary')::numeric * 5
  ) > 95;
