// Races of pulls from a pack's pool of real slabs (docs/design.md "Inventory (real slabs)",
// invariant 2; docs/decisions/037-slab-within-a-tier.md). Meaningful on PostgreSQL (a pool of
// 20 connections runs the openings at once); PGlite runs them one at a time. The ledger checker
// (money and inventory) runs after every race.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packs, slabs, userCards } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { DomainError } from "~/.server/errors";
import { as } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  balanceOf,
  expectLedgerBalanced,
  fundedCollector,
  makePack,
  rowsOf,
  settle,
} from "../helpers/packs";

const db = databaseForFile();

const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };

describe("pulls from a pool", () => {
  it("200 openings of a pack whose pool holds 150 slabs: 150 distinct slabs, 50 clean refusals that pay nothing", async () => {
    const packId = await makePack(db, {
      priceCents: 2_500,
      rarityDistribution: ALL_COMMON,
      pool: { common: 150 },
    });
    const poolIds = (
      await db.db.select({ id: slabs.id }).from(slabs).where(eq(slabs.packId, packId))
    ).map((row) => row.id);
    expect(poolIds).toHaveLength(150);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => fundedCollector(db, 2_500)));

    const { fulfilled, rejected } = await settle(
      buyers.map((buyer) => openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() })),
    );

    expect(fulfilled).toHaveLength(150);
    expect(rejected).toHaveLength(50);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: "out_of_stock", message: "Pack is out of stock" });
    }
    const pulled = fulfilled.map((pull) => pull.card.slab!.id);
    expect(new Set(pulled).size).toBe(150);
    expect(new Set(pulled)).toEqual(new Set(poolIds));
    // The refused paid nothing; the served paid once.
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(db, buyer.id)));
    expect(balances.filter((b) => b === 2_500)).toHaveLength(50);
    expect(balances.filter((b) => b === 0)).toHaveLength(150);
    const [pack] = await db.db.select().from(packs).where(eq(packs.id, packId));
    expect(pack!.availableCount).toBe(0);
    const states = await rowsOf<{ state: string; n: number }>(
      db,
      sql`SELECT state, count(*)::int AS n FROM slabs WHERE id = ANY(${`{${poolIds.join(",")}}`}::int[])
          GROUP BY state`,
    );
    expect(states).toEqual([{ state: "owned", n: 150 }]);
    const holders = await db.db
      .select({ slabId: userCards.slabId })
      .from(userCards)
      .where(eq(userCards.packId, packId));
    expect(new Set(holders.map((h) => h.slabId)).size).toBe(150);
    await expectLedgerBalanced(db);
  });

  it("sells the pack out in the pull that empties a tier with non-zero odds, with slabs left in others", async () => {
    const packId = await makePack(db, {
      priceCents: 2_500,
      rarityDistribution: { common: 50, uncommon: 50, rare: 0, legendary: 0 },
      pool: { common: 1, uncommon: 1 },
    });
    const buyer = await fundedCollector(db, 10_000);
    await openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() });

    const [pack] = await db.db.select().from(packs).where(eq(packs.id, packId));
    expect(pack!.availableCount).toBe(0);
    const left = await db.db.select().from(slabs).where(eq(slabs.packId, packId));
    expect(left).toHaveLength(1);
    await expect(
      openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "out_of_stock" });
    expect(await balanceOf(db, buyer.id)).toBe(7_500);
    await expectLedgerBalanced(db);
  });

  it("never lets two live cards hold one slab (the database refuses a second holder)", async () => {
    const packId = await makePack(db, { rarityDistribution: ALL_COMMON, pool: { common: 1 } });
    const buyer = await fundedCollector(db, 2_500);
    const pull = await openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() });
    await expect(
      db.db.insert(userCards).values({
        userId: buyer.id,
        cardName: "A copy",
        cardDescription: "-",
        category: "Trading Cards",
        rarity: "common",
        grade: 9,
        estimatedValueCents: 1,
        slabId: pull.card.slab!.id,
      }),
    ).rejects.toThrow();
  });
});
