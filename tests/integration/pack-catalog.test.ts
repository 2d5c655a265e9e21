// The pack catalogue (docs/product/packs-and-fairness.md "Browsing packs"; the home page's
// "Grab a pack") and the packs a new install is seeded with.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packs } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import {
  HOME_PACKS_LIMIT,
  MORE_PACKS_FETCHED,
  listActivePacks,
  listHomePacks,
  loadPackDetail,
} from "~/.server/packs/catalog";
import { openPack } from "~/.server/packs/opening";
import type { Pull } from "~/lib/domain/packs";
import { PACK_CATEGORIES, RARITIES, isValidDistribution, type PackCategory } from "~/lib/packs";
import { as } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { fundedCollector, makePack } from "../helpers/packs";

let db: TestDatabase;
/** Pack ids by their letter in LINEUP. */
const id: Record<string, number> = {};

/**
 * The packs of this file's database, made in this order (so equal prices go by id): ten
 * active, of which two sold out, and two inactive.
 */
const LINEUP: {
  key: string;
  priceCents: number;
  availableCount: number;
  isActive?: boolean;
  category?: PackCategory;
}[] = [
  { key: "a", priceCents: 1_000, availableCount: 5 },
  { key: "b", priceCents: 500, availableCount: 0, category: "MTG" },
  { key: "c", priceCents: 300, availableCount: 10, isActive: false },
  { key: "d", priceCents: 2_000, availableCount: 30, category: "Sports" },
  { key: "e", priceCents: 1_500, availableCount: 3 },
  { key: "f", priceCents: 1_000, availableCount: 7, category: "Comics" },
  { key: "g", priceCents: 4_000, availableCount: 1 },
  { key: "h", priceCents: 3_000, availableCount: 1, category: "Star Wars" },
  { key: "i", priceCents: 5_000, availableCount: 0 },
  { key: "j", priceCents: 6_000, availableCount: 1, category: "Basketball" },
  { key: "k", priceCents: 7_000, availableCount: 1 },
  { key: "l", priceCents: 800, availableCount: 4, isActive: false },
];

beforeAll(async () => {
  db = await createTestDatabase();
  for (const { key, ...pack } of LINEUP) {
    id[key] = await makePack(db, { ...pack, name: `Pack ${key.toUpperCase()}` });
  }
});
afterAll(() => db.destroy());

const ids = (list: { id: number }[]) => list.map((pack) => pack.id);
const idsOf = (keys: string) => [...keys].map((key) => id[key]!);

describe("listActivePacks", () => {
  it("lists the active packs, sold out or not, cheapest first (ties by age)", async () => {
    const active = await listActivePacks(db.ctx());
    expect(ids(active)).toEqual(idsOf("bafedhgijk"));
    expect(active[0]).toEqual({
      id: id.b,
      name: "Pack B",
      description: "A pack for tests",
      category: "MTG",
      priceCents: 500,
      availableCount: 0,
      imageUrl: null,
      rarityDistribution: { common: 85, uncommon: 10, rare: 4, legendary: 1 },
    });
  });
});

describe("listHomePacks", () => {
  it("shows at most 4 live packs: active and in stock, cheapest first", async () => {
    const home = await listHomePacks(db.ctx());
    expect(HOME_PACKS_LIMIT).toBe(4);
    expect(ids(home)).toEqual(idsOf("afed"));
  });
});

describe("loadPackDetail", () => {
  it("gives an active pack with its names, its pulls so far and up to 8 other active packs", async () => {
    const detail = await loadPackDetail(db.ctx(), id.a!);
    expect(detail!.pack).toMatchObject({
      id: id.a,
      name: "Pack A",
      category: "Pokemon",
      priceCents: 1_000,
      availableCount: 5,
      cardNames: expect.objectContaining({ legendary: ["Charizard", "Mewtwo", "Lugia"] }),
    });
    expect(detail!.pullsByRarity).toEqual({ common: 0, uncommon: 0, rare: 0, legendary: 0 });
    expect(MORE_PACKS_FETCHED).toBe(8);
    expect(ids(detail!.morePacks)).toEqual(idsOf("bfedhgij"));
    expect(ids(detail!.morePacks)).not.toContain(id.a);
  });

  it("shows a sold-out active pack", async () => {
    const detail = await loadPackDetail(db.ctx(), id.b!);
    expect(detail!.pack).toMatchObject({ id: id.b, availableCount: 0 });
    expect(ids(detail!.morePacks)).toEqual(idsOf("afedhgij"));
  });

  it("is null for an inactive or unknown pack", async () => {
    expect(await loadPackDetail(db.ctx(), id.c!)).toBeNull();
    expect(await loadPackDetail(db.ctx(), id.l!)).toBeNull();
    expect(await loadPackDetail(db.ctx(), 987_654)).toBeNull();
  });

  it("counts the pack's pulls by rarity", async () => {
    const user = await fundedCollector(db, 12 * 2_000);
    const pulls: Pull[] = [];
    for (let i = 0; i < 12; i++) {
      pulls.push(await openPack(as(db, user), { packId: id.d!, idempotencyKey: randomUUID() }));
    }
    const other = await fundedCollector(db, 1_000);
    await openPack(as(db, other), { packId: id.a!, idempotencyKey: randomUUID() });

    const detail = await loadPackDetail(db.ctx(), id.d!);
    const expected = Object.fromEntries(
      RARITIES.map((rarity) => [rarity, pulls.filter((p) => p.card.rarity === rarity).length]),
    );
    expect(detail!.pullsByRarity).toEqual(expected);
    expect(Object.values(detail!.pullsByRarity).reduce((a, b) => a + b, 0)).toBe(12);
    expect(detail!.pack.availableCount).toBe(18);
    // makePack pools 30 slabs in every tier with odds; each pull took one of its tier's.
    expect(detail!.leftByRarity).toEqual(
      Object.fromEntries(RARITIES.map((rarity) => [rarity, 30 - expected[rarity]!])),
    );
  });
});

describe("the seeded packs", () => {
  let seeded: TestDatabase;
  beforeAll(async () => {
    seeded = await createTestDatabase();
  });
  afterAll(() => seeded.destroy());

  it("meet the seeded catalogue rules: 12+ packs over the six categories, $25-$1,000, one sold out, one inactive", async () => {
    const now = new Date("2026-11-01T12:00:00Z");
    expect(await seedIfEmpty(seeded.db, now)).toBe(true);
    expect(await seedIfEmpty(seeded.db, now)).toBe(false);
    const all = await seeded.db.select().from(packs);

    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((pack) => pack.category))).toEqual(new Set(PACK_CATEGORIES));
    const prices = all.map((pack) => pack.priceCents);
    expect(Math.min(...prices)).toBe(2_500);
    expect(Math.max(...prices)).toBe(100_000);
    expect(all.filter((p) => p.isActive && p.availableCount === 0).length).toBeGreaterThanOrEqual(
      1,
    );
    expect(all.filter((p) => !p.isActive).length).toBeGreaterThanOrEqual(1);
    expect(new Set(all.map((pack) => pack.name)).size).toBe(all.length);
    for (const pack of all) {
      expect(isValidDistribution(pack.rarityDistribution), pack.name).toBe(true);
      expect(
        RARITIES.reduce((sum, rarity) => sum + pack.rarityDistribution[rarity], 0),
        pack.name,
      ).toBe(100);
      for (const rarity of RARITIES) {
        const names = pack.cardNames[rarity];
        expect(names, `${pack.name} ${rarity}`).toHaveLength(3);
        expect(new Set(names).size).toBe(3);
      }
    }

    const active = await listActivePacks(seeded.ctx());
    expect(active).toHaveLength(all.filter((pack) => pack.isActive).length);
    const home = await listHomePacks(seeded.ctx());
    expect(home).toHaveLength(4);
    expect(home.every((pack) => pack.availableCount > 0)).toBe(true);
    expect(home.map((pack) => pack.priceCents)).toEqual(
      active
        .filter((pack) => pack.availableCount > 0)
        .slice(0, 4)
        .map((pack) => pack.priceCents),
    );
  });
});
