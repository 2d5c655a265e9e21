// Composing a pack's pool of slabs (docs/design.md "Inventory (real slabs)", docs/decisions/041-pool-
// commitment.md): by hand and from house stock, admission bands, the sale rule from the pool's
// real FMVs, the pool commitment and its check by the verifier. The fills race on PostgreSQL (a
// pool of 20 connections); PGlite runs them one at a time.
import { createHash, randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packOpenings, packs, poolCommitments, slabs } from "~/.server/db/schema";
import { addToPool, fillPool, removeFromPool } from "~/.server/inventory/pools";
import { openPack } from "~/.server/packs/opening";
import { type DrawLog } from "~/lib/draw-log";
import { canonicalPoolText, parsePoolText } from "~/lib/pool-commitment";
import { verifyDrawLog } from "~/lib/verify-draws";
import { createPackForm, packForm, updatePackForm } from "../helpers/admin-form";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import {
  expectLedgerBalanced,
  fundedCollector,
  makePack,
  settle,
  stockSlabs,
} from "../helpers/packs";
import { jsonDrawLog } from "../helpers/draw-log-json";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
const packRow = async (id: number) =>
  (await db.db.select().from(packs).where(eq(packs.id, id)))[0]!;
const slabRows = (ids: number[]) =>
  db.db.select().from(slabs).where(inArray(slabs.id, ids)).orderBy(asc(slabs.id));
const poolOf = (packId: number) =>
  db.db.select().from(slabs).where(eq(slabs.packId, packId)).orderBy(asc(slabs.id));
/** An inactive $25 Pokemon pack with an empty pool. */
const emptyPack = (rarityDistribution = { common: 85, uncommon: 10, rare: 4, legendary: 1 }) =>
  makePack(db, { isActive: false, pool: {}, rarityDistribution });

/** The pool commitment of pack `packId` computed here, from its slabs, by the documented format. */
async function expectedCommitment(packId: number): Promise<string> {
  const pool = await poolOf(packId);
  return sha256(
    canonicalPoolText({
      packId,
      slabs: pool.map((s) => ({
        id: s.id,
        grader: s.grader,
        cert: s.cert,
        gradeTenths: Math.round(s.grade * 10),
        tier: s.poolTier!,
        fmvCents: s.fmvCents,
      })),
    }),
  );
}

const jsonLog = (packId: number) => jsonDrawLog(db, packId);

describe("composing a pool by hand", () => {
  it("admits each house-stock slab to the tier its FMV fits, commits the pool and sets the available count", async () => {
    const packId = await emptyPack();
    // $25: common $14-$26, uncommon $26.25-$48.75, rare $52.50-$97.50, legendary $87.50-$162.50.
    const ids = await stockSlabs(db, {
      category: "Pokemon",
      fmvCents: [2_000, 3_750, 7_500, 12_500, 9_000],
    });
    const done = await addToPool(asAdmin(), { packId, slabIds: ids });

    // $90 fits rare and legendary: the commonest tier with odds takes it.
    expect(done.description).toBe("5 slabs added: 1 common, 1 uncommon, 2 rare, 1 legendary.");
    expect((await slabRows(ids)).map((s) => [s.state, s.packId, s.poolTier])).toEqual([
      ["in_pool", packId, "common"],
      ["in_pool", packId, "uncommon"],
      ["in_pool", packId, "rare"],
      ["in_pool", packId, "legendary"],
      ["in_pool", packId, "rare"],
    ]);
    const pack = await packRow(packId);
    expect(pack.availableCount).toBe(5);
    expect(pack.poolCommitment).toBe(await expectedCommitment(packId));
    const [recorded] = await db.db
      .select()
      .from(poolCommitments)
      .where(eq(poolCommitments.commitment, pack.poolCommitment));
    expect(recorded).toMatchObject({ packId, slabCount: 5 });
    expect(parsePoolText(recorded!.canonicalText).slabs.map((s) => s.id)).toEqual(ids);
  });

  it("refuses a slab whose FMV fits no tier, or only a tier without odds, and changes nothing", async () => {
    const packId = await makePack(db, {
      isActive: false,
      pool: {},
      rarityDistribution: ALL_COMMON,
    });
    const before = await packRow(packId);
    const [fits, tooDear, onlyLegendary] = await stockSlabs(db, {
      category: "Pokemon",
      fmvCents: [2_000, 100_000, 12_500],
    });
    await expect(
      addToPool(asAdmin(), { packId, slabIds: [fits!, tooDear!] }),
    ).rejects.toMatchObject({
      code: "slab_fits_no_tier",
      status: 400,
      message: expect.stringMatching(
        /^Slab PSA \d+ \(FMV \$1,000\.00\) fits no tier of this \$25\.00 pack \(common \$14\.00-\$26\.00, uncommon \$26\.25-\$48\.75, rare \$52\.50-\$97\.50, legendary \$87\.50-\$162\.50\)\.$/,
      ),
    });
    await expect(addToPool(asAdmin(), { packId, slabIds: [onlyLegendary!] })).rejects.toMatchObject(
      {
        code: "slab_fits_no_tier",
        message: expect.stringContaining("fits only the legendary tier, whose odds are 0"),
      },
    );
    expect((await slabRows([fits!, tooDear!, onlyLegendary!])).map((s) => s.state)).toEqual([
      "house_stock",
      "house_stock",
      "house_stock",
    ]);
    expect(await packRow(packId)).toEqual(before);
  });

  it("refuses a slab of another category, one already in a pool, an unknown one, and a moderator", async () => {
    const packId = await emptyPack();
    const otherPack = await emptyPack();
    const [sports] = await stockSlabs(db, { category: "Sports", fmvCents: [2_000] });
    const [taken] = await stockSlabs(db, { category: "Pokemon", fmvCents: [2_000] });
    await addToPool(asAdmin(), { packId: otherPack, slabIds: [taken!] });

    await expect(addToPool(asAdmin(), { packId, slabIds: [sports!] })).rejects.toMatchObject({
      code: "slab_wrong_category",
      message: expect.stringMatching(/^Slab PSA \d+ is a Sports card; this is a Pokemon pack\.$/),
    });
    await expect(addToPool(asAdmin(), { packId, slabIds: [taken!] })).rejects.toMatchObject({
      code: "slab_not_in_stock",
      status: 409,
      message: expect.stringContaining("is not in house stock (it is in pool)"),
    });
    await expect(addToPool(asAdmin(), { packId, slabIds: [2_000_000_000] })).rejects.toMatchObject({
      code: "slab_not_found",
      status: 404,
    });
    const moderator = await makeCollector(db);
    await expect(
      addToPool(db.ctx({ actor: { userId: moderator.id, role: "moderator" } }), {
        packId,
        slabIds: [sports!],
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(await poolOf(packId)).toEqual([]);
    expect((await poolOf(otherPack)).map((s) => s.id)).toEqual([taken]);
  });

  it("takes slabs back to house stock with a new commitment, and refuses one not in the pool", async () => {
    const packId = await emptyPack(ALL_COMMON);
    const ids = await stockSlabs(db, { category: "Pokemon", fmvCents: [1_500, 2_000, 2_500] });
    await addToPool(asAdmin(), { packId, slabIds: ids });
    const composed = (await packRow(packId)).poolCommitment;

    const done = await removeFromPool(asAdmin(), { packId, slabIds: [ids[1]!] });
    expect(done.description).toBe("1 slab returned to house stock.");
    expect((await slabRows(ids)).map((s) => s.state)).toEqual([
      "in_pool",
      "house_stock",
      "in_pool",
    ]);
    const pack = await packRow(packId);
    expect(pack.availableCount).toBe(2);
    expect(pack.poolCommitment).not.toBe(composed);
    expect(pack.poolCommitment).toBe(await expectedCommitment(packId));

    await expect(
      removeFromPool(asAdmin(), { packId, slabIds: [ids[0]!, ids[1]!] }),
    ).rejects.toMatchObject({ code: "slab_not_in_pool", status: 409 });
    expect((await slabRows(ids)).map((s) => s.state)).toEqual([
      "in_pool",
      "house_stock",
      "in_pool",
    ]);
    expect(await packRow(packId)).toEqual(pack);
  });
});

describe("filling a pool from house stock", () => {
  it("fills each tier to the pulls of N packs at the pack's odds, and says what house stock lacks", async () => {
    // A category of its own, so other tests' house stock stays out of it.
    const packId = await makePack(db, {
      category: "MTG",
      isActive: false,
      pool: {},
      rarityDistribution: { common: 85, uncommon: 10, rare: 4, legendary: 1 },
    });
    await stockSlabs(db, {
      category: "MTG",
      fmvCents: [...Array(20).fill(2_000), 3_000, 4_000, 6_000, 6_000],
    });
    // 20 packs: common 17, uncommon 2, rare 1 (0.8 rounded), legendary 1 (at least one).
    const done = await fillPool(asAdmin(), { packId, units: 20 });
    expect(done.description).toBe(
      "20 slabs added: 17 common, 2 uncommon, 1 rare. House stock lacks 1 legendary ($87.50-$162.50).",
    );
    const pool = await poolOf(packId);
    const count = (tier: string) => pool.filter((s) => s.poolTier === tier).length;
    expect([count("common"), count("uncommon"), count("rare"), count("legendary")]).toEqual([
      17, 2, 1, 0,
    ]);
    const pack = await packRow(packId);
    // A tier with odds is empty: the pack is sold out until it is stocked.
    expect(pack.availableCount).toBe(0);
    expect(pack.poolCommitment).toBe(await expectedCommitment(packId));

    await stockSlabs(db, { category: "MTG", fmvCents: [12_500] });
    const again = await fillPool(asAdmin(), { packId, units: 20 });
    expect(again.description).toBe("1 slab added: 1 legendary.");
    expect((await packRow(packId)).availableCount).toBe(21);
    const full = await fillPool(asAdmin(), { packId, units: 20 });
    expect(full.description).toBe("The pool already holds enough slabs for 20 packs.");
  });

  it("two staff filling two packs at once never put one slab in two pools", async () => {
    const category = "Star Wars";
    const [a, b] = await Promise.all([
      makePack(db, { category, isActive: false, pool: {}, rarityDistribution: ALL_COMMON }),
      makePack(db, { category, isActive: false, pool: {}, rarityDistribution: ALL_COMMON }),
    ]);
    const stock = await stockSlabs(db, { category, fmvCents: Array(30).fill(2_000) });

    const { fulfilled, rejected } = await settle([
      fillPool(asAdmin(), { packId: a!, units: 25 }),
      fillPool(asAdmin(), { packId: b!, units: 25 }),
      // The same pack twice at once: the second finds the first's slabs (the pack's row lock).
      fillPool(asAdmin(), { packId: a!, units: 25 }),
    ]);
    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(3);
    const [poolA, poolB] = [await poolOf(a!), await poolOf(b!)];
    const inPools = [...poolA, ...poolB].map((s) => s.id);
    expect(new Set(inPools).size).toBe(inPools.length);
    expect(inPools.length).toBe(30);
    expect(poolA.length).toBeLessThanOrEqual(25);
    expect(poolB.length).toBeLessThanOrEqual(25);
    expect(new Set(inPools)).toEqual(new Set(stock));
    for (const packId of [a!, b!]) {
      const pack = await packRow(packId);
      expect(pack.availableCount).toBe((await poolOf(packId)).length);
      expect(pack.poolCommitment).toBe(await expectedCommitment(packId));
    }
  });
});

describe("putting a pack on sale", () => {
  it("refuses a pack created on sale: it has no pool yet", async () => {
    const name = `On Sale ${randomUUID().slice(0, 6)}`;
    await expect(
      createPackForm(asAdmin(), packForm({ name, isActive: "on" })),
    ).rejects.toMatchObject({
      code: "pool_tier_empty",
      status: 409,
      message:
        "The pool has no common, uncommon, rare and legendary slab, and those tiers' odds are above 0: add slabs to the pool (or set those odds to 0) before putting the pack on sale.",
    });
    expect(await db.db.select().from(packs).where(eq(packs.name, name))).toEqual([]);
  });

  it("puts an admin-made pack on sale once its pool pays back less than its price; a collector pulls a committed slab", async () => {
    const fields = packForm({ category: "Sports" });
    const { packId } = await createPackForm(asAdmin(), fields);
    expect(await packRow(packId)).toMatchObject({ isActive: false, availableCount: 0 });
    // $12.50 at 80 / 12 / 6.5 / 1.5: slabs at the top of each band pay back 127.53 %.
    const dear = await stockSlabs(db, {
      category: "Sports",
      fmvCents: [1_300, 2_438, 4_875, 8_125],
    });
    await addToPool(asAdmin(), { packId, slabIds: dear });
    const activate = { ...fields, packId: String(packId), isActive: "on" };
    await expect(updatePackForm(asAdmin(), activate)).rejects.toMatchObject({
      code: "pool_pays_back_price",
      message:
        "The pool's slabs would pay back 127.53% of the price (expected buyback $15.94 of $12.50): take out high-value slabs or raise the price before putting the pack on sale.",
    });
    expect((await packRow(packId)).isActive).toBe(false);

    // Middle-of-band slabs instead: 98.1 % back.
    await removeFromPool(asAdmin(), { packId, slabIds: dear });
    const fair = await stockSlabs(db, {
      category: "Sports",
      fmvCents: [1_000, 1_875, 3_750, 6_250],
    });
    await addToPool(asAdmin(), { packId, slabIds: fair });
    await updatePackForm(asAdmin(), activate);
    const onSale = await packRow(packId);
    expect(onSale).toMatchObject({ isActive: true, availableCount: 4 });

    // On sale, the pool cannot lose its only legendary slab.
    await expect(removeFromPool(asAdmin(), { packId, slabIds: [fair[3]!] })).rejects.toMatchObject({
      code: "pool_tier_empty",
    });
    expect(await packRow(packId)).toEqual(onSale);

    const collector = await fundedCollector(db, 10_000);
    const pull = await openPack(as(db, collector), { packId, idempotencyKey: randomUUID() });
    expect(fair).toContain(pull.card.slab!.id);
    const [opening] = await db.db
      .select()
      .from(packOpenings)
      .where(eq(packOpenings.id, pull.openingId));
    expect(opening!.poolCommitment).toBe(onSale.poolCommitment);
    // One slab a tier: the pull emptied its tier, so the pack sold out with it.
    expect((await packRow(packId)).availableCount).toBe(0);

    // The draw log carries the committed pool; the verifier finds the pull in it.
    const log = await jsonLog(packId);
    expect(Object.keys(log.pools)).toEqual([onSale.poolCommitment]);
    expect(log.openings[0]).toMatchObject({
      slab_id: pull.card.slab!.id,
      slab_grader: "PSA",
      slab_cert: pull.card.slab!.cert,
      pool_commitment: onSale.poolCommitment,
      slab_shifted: false,
    });
    const report = await verifyDrawLog(log);
    expect(report.entries).toEqual([
      { openingId: pull.openingId, status: "unrevealed", problems: [] },
    ]);
    await expectLedgerBalanced(db);
  });
});

describe("the verifier and the pool commitment", () => {
  /** A pack on sale with a committed pool of three commons, opened twice. */
  async function openedTwice() {
    const packId = await makePack(db, { rarityDistribution: ALL_COMMON, pool: { common: 3 } });
    const collector = await fundedCollector(db, 10_000);
    for (let i = 0; i < 2; i++) {
      await openPack(as(db, collector), { packId, idempotencyKey: randomUUID() });
    }
    return jsonLog(packId);
  }
  const problemsOf = async (log: DrawLog) =>
    (await verifyDrawLog(log)).entries.flatMap((e) => e.problems);

  it("passes an honest log: both slabs in the pool committed before, each pulled once", async () => {
    const log = await openedTwice();
    expect(log.openings).toHaveLength(2);
    expect(await problemsOf(log)).toEqual([]);
  });

  it("detects a tampered pool text, a slab from outside the pool, a slab pulled twice and a late commitment", async () => {
    const log = await openedTwice();
    const [commitment] = Object.keys(log.pools);
    const pool = log.pools[commitment!]!;
    const [first, second] = log.openings;

    const edited = structuredClone(log);
    edited.pools[commitment!]!.text = pool.text.replace(/"fmv_cents":\d+/, '"fmv_cents":1');
    expect(await problemsOf(edited)).toContain("the pool text does not hash to its commitment");

    const outside = structuredClone(log);
    outside.openings[0]!.slab_id = 2_000_000_000;
    expect(await problemsOf(outside)).toContain("the pulled slab is not in the committed pool");

    const twice = structuredClone(log);
    twice.openings[1] = { ...second!, slab_id: first!.slab_id, slab_cert: first!.slab_cert };
    expect(await problemsOf(twice)).toContain(
      `the slab was pulled twice from one committed pool (also opening ${first!.opening_id})`,
    );

    const late = structuredClone(log);
    late.pools[commitment!]!.recorded_at = new Date(
      Date.parse(first!.opened_at) + 60_000,
    ).toISOString();
    expect(await problemsOf(late)).toContain("the pool was committed after the opening");

    const dearer = structuredClone(log);
    dearer.openings[0]!.value_cents += 1;
    expect(await problemsOf(dearer)).toContain(
      "the pull's value differs from the slab's committed FMV",
    );
  });
});
