import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listLatestSales } from "~/.server/activity/latest-sales";
import { salesActivity } from "~/.server/db/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const NOW = new Date("2026-11-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.destroy();
});

beforeEach(async () => {
  await db.db.delete(salesActivity);
});

async function recordSales(count: number) {
  // Inserted newest first: id order is the reverse of time order, so the sort must be by time.
  await db.db.insert(salesActivity).values(
    Array.from({ length: count }, (_, i) => ({
      cardName: `Card ${i}`,
      category: "Pokemon",
      rarity: "rare" as const,
      salePriceCents: 18_500 + i,
      soldAt: minutesAgo(5 + i * 10),
    })),
  );
}

describe("listLatestSales", () => {
  it("lists sales newest first with prices in cents", async () => {
    await recordSales(3);
    const sales = await listLatestSales(db.ctx({ now: NOW }), 8);
    expect(sales.map((s) => s.cardName)).toEqual(["Card 0", "Card 1", "Card 2"]);
    expect(sales[0]).toMatchObject({
      category: "Pokemon",
      rarity: "rare",
      salePriceCents: 18_500,
      soldAt: minutesAgo(5),
    });
  });

  it("returns at most `limit` sales, the newest ones", async () => {
    await recordSales(10);
    const sales = await listLatestSales(db.ctx({ now: NOW }), 8);
    expect(sales).toHaveLength(8);
    expect(sales.at(-1)?.cardName).toBe("Card 7");
  });

  it("breaks a tie in time by the later sale first", async () => {
    await db.db.insert(salesActivity).values([
      { cardName: "First", category: "MTG", rarity: "common", salePriceCents: 100, soldAt: NOW },
      { cardName: "Second", category: "MTG", rarity: "common", salePriceCents: 100, soldAt: NOW },
    ]);
    const sales = await listLatestSales(db.ctx({ now: NOW }), 8);
    expect(sales.map((s) => s.cardName)).toEqual(["Second", "First"]);
  });

  it("shows every marketplace sale but only the buybacks of rare-or-better pulls", async () => {
    const sale = (
      cardName: string,
      kind: "market" | "buyback",
      rarity: "common" | "uncommon" | "rare" | "legendary" | null,
      minutes: number,
    ) => ({
      cardName,
      category: "Pokemon",
      rarity,
      kind,
      salePriceCents: 1_400,
      soldAt: minutesAgo(minutes),
    });
    await db.db
      .insert(salesActivity)
      .values([
        sale("Common buyback", "buyback", "common", 1),
        sale("Uncommon buyback", "buyback", "uncommon", 2),
        sale("Rare buyback", "buyback", "rare", 3),
        sale("Legendary buyback", "buyback", "legendary", 4),
        sale("Common market sale", "market", "common", 5),
        sale("Signed comic", "market", null, 6),
      ]);
    const sales = await listLatestSales(db.ctx({ now: NOW }), 8);
    expect(sales.map((s) => s.cardName)).toEqual([
      "Rare buyback",
      "Legendary buyback",
      "Common market sale",
      "Signed comic",
    ]);
  });

  it("returns [] when nothing has sold", async () => {
    expect(await listLatestSales(db.ctx({ now: NOW }), 8)).toEqual([]);
  });

  it("refuses a limit that is not a positive integer", async () => {
    await expect(listLatestSales(db.ctx({ now: NOW }), 0)).rejects.toThrow(RangeError);
  });
});
