// The house inventory a fresh start seeds (docs/design.md "Inventory (real slabs)"): a catalogue for
// every pack category, and a pool for every seeded pack that fits its tiers and its stock.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cards, packs, products, slabs } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import type { CardRarity } from "~/lib/domain/rarity";
import { PACK_CATEGORIES, RARITIES } from "~/lib/packs";
import { isOnGradeScale, tierBand } from "~/lib/slabs";
import { databaseForFile } from "../helpers/file-setup";
import { expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();
beforeAll(async () => {
  await seedIfEmpty(db.db, new Date("2026-11-01T12:00:00Z"));
});

describe("the seeded inventory", () => {
  it("catalogues about 300 real cards over every pack category", async () => {
    const rows = await db.db.select().from(cards);
    expect(rows.length).toBeGreaterThanOrEqual(280);
    expect(new Set(rows.map((c) => c.category))).toEqual(new Set(PACK_CATEGORIES));
  });

  it("gives every pack on sale a pool of its size, every tier with odds filled, every slab in its band", async () => {
    const packRows = await db.db.select().from(packs);
    const pooled = await db.db.select().from(slabs);
    for (const pack of packRows) {
      const pool = pooled.filter((s) => s.packId === pack.id);
      expect(pack.availableCount, pack.name).toBe(pool.length);
      if (pack.availableCount === 0) continue;
      for (const tier of RARITIES) {
        const inTier = pool.filter((s) => s.poolTier === tier);
        if (pack.rarityDistribution[tier] > 0)
          expect(inTier.length, `${pack.name} ${tier}`).toBeGreaterThan(0);
        const band = tierBand(pack.priceCents, tier as CardRarity);
        for (const slab of inTier) {
          expect(slab.fmvCents).toBeGreaterThanOrEqual(band.min);
          expect(slab.fmvCents).toBeLessThanOrEqual(band.max);
        }
      }
    }
    for (const slab of pooled) expect(isOnGradeScale(slab.grader, slab.grade)).toBe(true);
    const [house] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(slabs)
      .where(sql`${slabs.state} = 'house_stock'`);
    expect(house!.n).toBeGreaterThan(0);
    await expectLedgerBalanced(db);
  });

  it("links the storefront products that are cards to their catalogue card", async () => {
    const linked = await db.db
      .select({ product: products.name, card: cards.name, setName: cards.setName })
      .from(products)
      .innerJoin(cards, eq(cards.id, products.cardId));
    expect(linked).toContainEqual({
      product: "Charizard Base Set Holo PSA 9",
      card: "Charizard",
      setName: "Pokemon Base Set",
    });
    expect(linked.length).toBeGreaterThanOrEqual(4);
    for (const row of linked) expect(row.product).toContain(row.card);
  });
});
