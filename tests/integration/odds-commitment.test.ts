import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { oddsCommitments, packOpenings, packs, slabs, userCards } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { userTag } from "~/.server/packs/draw-log";
import { rotateSeedPair } from "~/.server/packs/fairness";
import { oddsTextOf, syncOddsCommitments } from "~/.server/packs/odds";
import { openPack } from "~/.server/packs/opening";
import { realizedOdds } from "~/.server/packs/realized-odds";
import { parseDrawLog } from "~/lib/draw-log";
import { drawRulesOf, type DrawPack } from "~/lib/fairness";
import { canonicalOddsText } from "~/lib/odds-commitment";
import { verifyDrawLog } from "~/lib/verify-draws";
import { oddsReading } from "~/routes/+packs/odds-period";
import { loader as commitmentLoader } from "~/routes/fairness.odds";
import { loader as drawsLoader } from "~/routes/pack.draws";
import { createTestAuth } from "../helpers/auth";
import { as, routeContext, TEST_DRAW_LOG_TAG_KEY, type Collector } from "../helpers/commerce";
import { createPackOnSale, updatePackForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { fundedCollector, makePack, poolSlabs } from "../helpers/packs";
import { jsonDrawLog } from "../helpers/draw-log-json";

const ROOT = path.resolve(import.meta.dirname, "../..");
const db = databaseForFile();
const admin = staffForFile(db, "admin");

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** The commitment a pack snapshot should have, computed here from the documented format. */
const commitmentOf = (pack: DrawPack) => sha256(canonicalOddsText(drawRulesOf(pack)));
/** Opens `packId` as `user`, giving the pack a pool first if it has none (a pack made by the form). */
async function open(user: Collector, packId: number) {
  const [pooled] = await db.db.select({ id: slabs.id }).from(slabs).where(eq(slabs.packId, packId));
  if (!pooled) {
    const pack = await packRow(packId);
    const counts = { common: 10, uncommon: 10, rare: 10, legendary: 10 };
    await poolSlabs(db, { packId, category: pack.category, priceCents: pack.priceCents, counts });
  }
  return openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
}
const packRow = async (id: number) =>
  (await db.db.select().from(packs).where(eq(packs.id, id)))[0]!;
const openingsOf = (packId: number) =>
  db.db.select().from(packOpenings).where(eq(packOpenings.packId, packId)).orderBy(packOpenings.id);

const jsonLog = (packId: number) => jsonDrawLog(db, packId);

/** A house-edged admin pack form ($12.50; 93 % expected buyback). */
const packForm = (overrides: Record<string, string> = {}) => ({
  name: `Committed Pack ${randomUUID().slice(0, 6)}`,
  description: "Odds on the record",
  category: "MTG",
  price: "12.50",
  availableCount: "40",
  isActive: "on",
  common: "80",
  uncommon: "15",
  rare: "4",
  legendary: "1",
  commonNames: "Goblin\nElf",
  uncommonNames: "Knight",
  rareNames: "Dragon",
  legendaryNames: "Black Lotus",
  ...overrides,
});

describe("a pack's odds commitment", () => {
  it("is the SHA-256 of the canonical text of its price, odds and names, recorded and resolvable", async () => {
    expect(await seedIfEmpty(db.db, new Date("2026-11-01T00:00:00Z"))).toBe(true);
    const rows = await db.db.select().from(packs);
    expect(rows.length).toBeGreaterThan(3);
    for (const pack of [...rows, await packRow(await makePack(db))]) {
      expect(pack.oddsCommitment).toBe(commitmentOf(pack));
      const recorded = await oddsTextOf(db.db, pack.oddsCommitment);
      expect(recorded!.canonicalText).toBe(canonicalOddsText(drawRulesOf(pack)));
    }
  });

  it("changes with an admin edit of the odds or names; later openings carry the new one, the old stays resolvable", async () => {
    const { packId } = await createPackOnSale(db, asAdmin(), packForm());
    const first = (await packRow(packId)).oddsCommitment;
    const user = await fundedCollector(db, 50_000);
    await open(user, packId);
    await open(user, packId);

    // The name and description are not part of the draw (a posted stock is dropped): the commitment stays.
    await updatePackForm(asAdmin(), {
      packId,
      ...packForm({ name: "Renamed", availableCount: "30" }),
    });
    expect((await packRow(packId)).oddsCommitment).toBe(first);

    await updatePackForm(asAdmin(), {
      packId,
      ...packForm({ name: "Renamed", common: "81", legendary: "0", legendaryNames: "Black Lotus" }),
    });
    const second = (await packRow(packId)).oddsCommitment;
    expect(second).not.toBe(first);
    expect(second).toBe(commitmentOf(await packRow(packId)));
    await open(user, packId);

    await updatePackForm(asAdmin(), {
      packId,
      ...packForm({ name: "Renamed", common: "81", legendary: "0", rareNames: "Dragon\nPhoenix" }),
    });
    const third = (await packRow(packId)).oddsCommitment;
    expect(new Set([first, second, third]).size).toBe(3);
    await open(user, packId);

    expect((await openingsOf(packId)).map((o) => o.oddsCommitment)).toEqual([
      first,
      first,
      second,
      third,
    ]);
    for (const commitment of [first, second, third]) {
      expect(sha256((await oddsTextOf(db.db, commitment))!.canonicalText)).toBe(commitment);
    }
    // The odds page groups the openings by stated rarity odds: the second and third differ
    // only in names.
    const odds = await realizedOdds(db.ctx(), packId);
    expect(odds!.periods.map((p) => [p.current, p.total, p.commitments.length])).toEqual([
      [true, 2, 2],
      [false, 2, 1],
    ]);
  });

  it("is filled in after the migrations for openings made before it, and repaired for a pack edited behind the domain's back", async () => {
    const packId = await makePack(db);
    const user = await fundedCollector(db, 10_000);
    await open(user, packId);
    const before = (await openingsOf(packId))[0]!;
    // As a database from before commitments, changed by a SQL data migration, looks.
    await db.db.execute(
      sql`UPDATE pack_openings SET odds_commitment = '' WHERE pack_id = ${packId}`,
    );
    await db.db.execute(
      sql`UPDATE packs SET rarity_distribution = '{"common": 70, "uncommon": 20, "rare": 8, "legendary": 2}'::jsonb WHERE id = ${packId}`,
    );

    const fixed = await syncOddsCommitments(db.db);
    expect(fixed).toEqual({ packs: 1, openings: 1 });
    const [after] = await openingsOf(packId);
    expect(after!.oddsCommitment).toBe(before.oddsCommitment);
    expect(after!.oddsCommitment).toBe(
      commitmentOf({
        priceCents: before.pricePaidCents,
        rarityDistribution: before.rarityDistribution,
        cardNames: before.cardNames,
      }),
    );
    const pack = await packRow(packId);
    expect(pack.oddsCommitment).toBe(commitmentOf(pack));
    expect(pack.oddsCommitment).not.toBe(before.oddsCommitment);
    expect(await syncOddsCommitments(db.db)).toEqual({ packs: 0, openings: 0 });
    const unresolved = await db.db.execute(
      sql`SELECT id FROM pack_openings o WHERE NOT EXISTS (SELECT 1 FROM ${oddsCommitments} c WHERE c.commitment = o.odds_commitment)`,
    );
    expect((unresolved as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("a pack's draw log", () => {
  let packId: number;
  let alice: Collector;
  let bob: Collector;
  beforeAll(async () => {
    packId = await makePack(db, { availableCount: 50 });
    alice = await fundedCollector(db, 20_000);
    bob = await fundedCollector(db, 20_000);
    for (let i = 0; i < 3; i++) await open(alice, packId);
    await rotateSeedPair(as(db, alice));
    await open(alice, packId);
    await open(bob, packId);
  });

  it("lists every opening with anonymous tags, and every revealed one verifies", async () => {
    const log = await jsonLog(packId);
    expect(log.openings).toHaveLength(5);
    expect(log.openings.map((o) => o.server_seed === null)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    const tags = log.openings.map((o) => o.user_tag);
    expect(tags).toEqual([
      ...Array(4).fill(userTag(TEST_DRAW_LOG_TAG_KEY, alice.id)),
      userTag(TEST_DRAW_LOG_TAG_KEY, bob.id),
    ]);
    expect(tags[0]).not.toBe(tags[4]);
    expect(JSON.stringify(log)).not.toContain(alice.id);
    expect(JSON.stringify(log)).not.toContain(bob.id);
    expect(await verifyDrawLog(log)).toMatchObject({
      total: 5,
      matched: 3,
      mismatched: 0,
      unrevealed: 2,
    });
  });

  it("is served as JSON and CSV with a public cache header; an unknown pack is a 404", async () => {
    const context = routeContext(db, createTestAuth(db), null);
    const get = (pathname: string, id: string) =>
      drawsLoader({
        request: new Request(`http://localhost:3000${pathname}`),
        params: { id },
        context,
      } as Parameters<typeof drawsLoader>[0]);
    const json = await get(`/pack/${packId}/draws.json`, String(packId));
    expect(json.headers.get("Content-Type")).toContain("application/json");
    expect(json.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect((await verifyDrawLog(parseDrawLog(await json.text()))).matched).toBe(3);

    const csv = await get(`/pack/${packId}/draws.csv`, String(packId));
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "opening_id,opened_at,user_tag,server_seed_hash,server_seed,client_seed,nonce,odds_commitment,price_cents,rarity,card_name,grade,value_cents,buyback_cents,slab_index,tier_size,slab_id,slab_grader,slab_cert,slab_shifted,pool_commitment",
    );
    expect(lines).toHaveLength(6);
    expect(lines[5]!.split(",")[4]).toBe(""); // Bob's server seed: not revealed.

    expect((await get("/pack/999999/draws.json", "999999")).status).toBe(404);
    expect((await get("/pack/abc/draws.csv", "abc")).status).toBe(404);
  });

  it("resolves every commitment at /fairness/odds/{commitment}, and 404s anything else", async () => {
    const context = routeContext(db, createTestAuth(db), null);
    const get = (commitment: string) =>
      commitmentLoader({
        request: new Request(`http://localhost:3000/fairness/odds/${commitment}`),
        params: { commitment },
        context,
      } as Parameters<typeof commitmentLoader>[0]);
    const { oddsCommitment } = await packRow(packId);
    const found = await get(oddsCommitment);
    expect(sha256(await found.text())).toBe(oddsCommitment);
    expect(found.headers.get("Cache-Control")).toContain("immutable");
    expect((await get("0".repeat(64))).status).toBe(404);
    expect((await get("not-a-hash")).status).toBe(404);
  });

  it("is checked by `npm run verify` from a file and from a URL; a tampered copy exits 1", async () => {
    const log = await jsonLog(packId);
    const dir = mkdtempSync(path.join(tmpdir(), "draw-log-"));
    const honest = path.join(dir, "draws.json");
    writeFileSync(honest, JSON.stringify(log));
    const tampered = path.join(dir, "tampered.json");
    const first = log.openings[0]!;
    writeFileSync(
      tampered,
      JSON.stringify({
        ...log,
        openings: [
          // A slab index past its tier: not what the roll gives.
          { ...first, slab_index: first.tier_size },
          ...log.openings.slice(1),
        ],
      }),
    );
    const verify = (source: string) =>
      new Promise<{ code: number; stdout: string }>((resolve) => {
        // What `npm run verify -- <source>` runs, without npm's start-up.
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/verify-draws.ts", source],
          { cwd: ROOT },
          (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
        );
      });

    const ok = await verify(honest);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("5 openings: 3 match, 0 mismatch, 2 not yet revealed");

    const bad = await verify(tampered);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`MISMATCH  opening ${first.opening_id}: the stored rolls differs`);

    const server = createServer((_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(log));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const fetched = await verify(`http://127.0.0.1:${port}/pack/${packId}/draws.json`);
      expect(fetched.code).toBe(0);
      expect(fetched.stdout).toContain("3 match");
    } finally {
      server.close();
    }
    expect((await verify(path.join(dir, "missing.json"))).code).toBe(2);
  });
});

describe("stated against realized odds", () => {
  it("reads not consistent for a pack whose stored outcomes were skewed, and the verifier catches them", async () => {
    const packId = await makePack(db, { availableCount: 60 });
    const user = await fundedCollector(db, 200_000);
    for (let i = 0; i < 40; i++) await open(user, packId);
    // Skew the stored outcomes: every third pull becomes a legendary (5 % stated).
    const openings = await openingsOf(packId);
    for (const opening of openings.filter((_, i) => i % 3 === 0)) {
      await db.db
        .update(userCards)
        .set({ rarity: "legendary" })
        .where(eq(userCards.id, opening.cardId));
    }
    const odds = (await realizedOdds(db.ctx(), packId))!;
    expect(odds.openings).toBe(40);
    const [period] = odds.periods;
    expect(period!.current).toBe(true);
    expect(period!.counts.legendary).toBeGreaterThanOrEqual(14);
    expect(period!.fit!.pValue).toBeLessThan(0.01);
    expect(oddsReading(period!)).toContain("not consistent with the stated odds (1 % level)");
    expect(odds.paidCents).toBe(40 * 2_500);

    await rotateSeedPair(as(db, user));
    const report = await verifyDrawLog(await jsonLog(packId));
    expect(report.mismatched).toBeGreaterThanOrEqual(10);
  });
});
