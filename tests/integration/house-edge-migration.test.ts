import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packs } from "~/.server/db/schema";
import { BOOSTED_DISTRIBUTION } from "~/.server/setup/seed/packs-data";
import { openPack } from "~/.server/packs/opening";
import { DEFAULT_DISTRIBUTION } from "~/lib/packs";
import { databaseForFile } from "../helpers/file-setup";
import { asAt, fundedCollector, makePack } from "../helpers/packs";

const MIGRATION = readFileSync(
  path.resolve(import.meta.dirname, "../../drizzle/0013_house_edge_odds.sql"),
  "utf8",
);
const OLD_DEFAULT = { common: 60, uncommon: 25, rare: 10, legendary: 5 };

const db = databaseForFile();

const oddsOf = async (id: number) =>
  (await db.db.select().from(packs).where(eq(packs.id, id)))[0]!.rarityDistribution;

describe("the house-edge migration (drizzle/0013_house_edge_odds.sql)", () => {
  it("re-prices only unopened packs that paid back over 95%, and keeps opened ones", async () => {
    const unopened = await makePack(db, { rarityDistribution: OLD_DEFAULT });
    const premium = await makePack(db, {
      name: "Legends of Kanto",
      rarityDistribution: { common: 50, uncommon: 28, rare: 15, legendary: 7 },
    });
    const overCap = { common: 82, uncommon: 12, rare: 4, legendary: 2 }; // 0.9 x 1.056 = 95.04 %
    const tooGenerous = await makePack(db, { rarityDistribution: overCap });
    const modest = { common: 90, uncommon: 8, rare: 2, legendary: 0 }; // 0.9 x 0.9 = 81 %
    const kept = await makePack(db, { rarityDistribution: modest });
    const opened = await makePack(db, { rarityDistribution: OLD_DEFAULT });
    const opener = await fundedCollector(db, 10_000);
    await openPack(asAt(db, opener, new Date()), { packId: opened, idempotencyKey: randomUUID() });

    await db.db.execute(sql.raw(MIGRATION));

    expect(await oddsOf(unopened)).toEqual(DEFAULT_DISTRIBUTION);
    expect(await oddsOf(premium)).toEqual(BOOSTED_DISTRIBUTION);
    expect(await oddsOf(tooGenerous)).toEqual(DEFAULT_DISTRIBUTION);
    expect(await oddsOf(kept)).toEqual(modest);
    expect(await oddsOf(opened)).toEqual(OLD_DEFAULT);
  });
});
