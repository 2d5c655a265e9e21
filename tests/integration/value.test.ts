// Comps and values (docs/product/value.md): a marketplace sale of a slab is a comp of its card,
// grader and grade, written in the sale's transaction; a buyback is not; staff import outside
// comps (idempotent, a bad file changes nothing) and exclude comps (audited, they stop
// counting); the recompute job moves the card's value and the slabs that follow it (not a
// pinned or pooled one); the daily portfolio snapshot values each vault at FMV beside its cost.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import {
  adminAuditLog,
  cardValues,
  comps,
  jobs,
  portfolioSnapshots,
  salesActivity,
  slabs,
} from "~/.server/db/schema";
import { listLatestSales } from "~/.server/activity/latest-sales";
import { runDueJobs } from "~/.server/queue/queue";
import { systemJobHandlers } from "~/.server/jobs/system-jobs";
import { buyNow } from "~/.server/market/settlement";
import { importComps } from "~/.server/value/comp-import";
import { excludeComp } from "~/.server/value/comps";
import { pinSlabFmv } from "~/.server/value/pin";
import { snapshotPortfolios } from "~/.server/value/portfolio";
import { acceptBuyback } from "~/.server/vault/buyback";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { buyerWith, listCard } from "../helpers/market";
import { fund } from "../helpers/packs";
import { pullOfFreshCard } from "../helpers/value";

let db: TestDatabase;
let admin: Collector;
const NOW = new Date();
const today = NOW.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await makeCollector(db);
});
afterAll(() => db.destroy());

const asStaff = (role: "admin" | "moderator") =>
  db.ctx({ actor: { userId: admin.id, role } satisfies Actor, now: NOW });
const asAdmin = () => asStaff("admin");
/** Runs the queued jobs (the queue stamps them with the real clock). */
const runJobs = () => runDueJobs(db.ctx({ now: new Date() }), systemJobHandlers);

/** A collector's pull of a fresh catalogue card (no comps yet). */
const pull = () => pullOfFreshCard(db);

const compsOf = (cardId: number) =>
  db.db.select().from(comps).where(eq(comps.cardId, cardId)).orderBy(comps.id);
const valueOf = async (cardId: number, grader: string, grade: number) =>
  (
    await db.db
      .select()
      .from(cardValues)
      .where(
        and(
          eq(cardValues.cardId, cardId),
          eq(cardValues.grader, grader as "PSA"),
          eq(cardValues.grade, grade),
        ),
      )
  )[0] ?? null;
const slabFmv = async (id: number) =>
  (await db.db.select({ fmv: slabs.fmvCents }).from(slabs).where(eq(slabs.id, id)))[0]!.fmv;
const auditOf = (action: string) =>
  db.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

const csv = (...rows: string[]) => ["card,grader,grade,price,date,source,url", ...rows].join("\n");

describe("comps from marketplace sales", () => {
  it("records a buy-now sale of a slab as a comp in the sale's transaction, and the job moves the card's FMV and the owned slab with it", async () => {
    const { owner, cardId, slab } = await pull();
    const card = slab.cardId;
    const pooledBefore = await db.db
      .select({ id: slabs.id, fmv: slabs.fmvCents })
      .from(slabs)
      .where(and(eq(slabs.cardId, card), eq(slabs.state, "in_pool")));
    await importComps(asAdmin(), {
      format: "csv",
      text: csv(
        `${card},${slab.grader},${slab.grade},30.00,${daysAgo(3)},eBay,`,
        `${card},${slab.grader},${slab.grade},34.00,${daysAgo(2)},Goldin,https://goldin.co/lot/1`,
      ),
    });
    await runJobs();
    expect(await valueOf(card, slab.grader, slab.grade)).toBeNull(); // two comps: too few

    const listingId = await listCard(db, owner, cardId, "40.00");
    const buyer = await buyerWith(db, 4_000);
    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 4_000 });

    const recorded = await compsOf(card);
    expect(recorded).toHaveLength(3);
    expect(recorded[2]).toMatchObject({
      grader: slab.grader,
      grade: slab.grade,
      priceCents: 4_000,
      source: "PackVault",
      transactionId: sale.transactionId,
      excludedAt: null,
    });
    // Latest Sales names the sale's catalogue card, for its link to the card's page.
    const latest = await listLatestSales(db.ctx({ now: NOW }), 8);
    expect(latest.find((s) => s.salePriceCents === 4_000 && s.cardId === card)).toBeDefined();
    const queued = await db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "value.recompute-card"), eq(jobs.status, "queued")));
    expect(queued.map((j) => j.payload)).toContainEqual({ cardId: card });

    await runJobs();
    const value = await valueOf(card, slab.grader, slab.grade);
    expect(value).toMatchObject({ fmvCents: 3_400, compCount: 3, basis: "direct" });
    expect(value!.confidence).toBeGreaterThan(0);
    expect(await slabFmv(slab.id)).toBe(3_400);
    // Pooled slabs keep the value they were admitted to their tier with.
    for (const pooled of pooledBefore) expect(await slabFmv(pooled.id)).toBe(pooled.fmv);
  });

  it("records no comp when the sale fails (the buyer cannot pay)", async () => {
    const { owner, cardId, slab } = await pull();
    const before = (await compsOf(slab.cardId)).length;
    const listingId = await listCard(db, owner, cardId, "40.00");
    const buyer = await buyerWith(db, 3_999);
    await expect(
      buyNow(as(db, buyer), { listingId, expectedPriceCents: 4_000 }),
    ).rejects.toMatchObject({ code: "insufficient_balance" });
    expect(await compsOf(slab.cardId)).toHaveLength(before);
  });

  it("does not record a buyback as a comp", async () => {
    const { owner, slab, pull: opened } = await pull();
    const before = (await compsOf(slab.cardId)).length;
    await acceptBuyback(as(db, owner), { offerId: opened.buyback.offerId });
    expect(await compsOf(slab.cardId)).toHaveLength(before);
    // It is still a sale of that card (Latest Sales shows a rare-or-better one, linked).
    const [row] = await db.db
      .select({ cardId: salesActivity.cardId })
      .from(salesActivity)
      .where(eq(salesActivity.sellerId, owner.id))
      .orderBy(sql`${salesActivity.id} desc`)
      .limit(1);
    expect(row?.cardId).toBe(slab.cardId);
  });
});

describe("importing outside comps", () => {
  it("adds a file's sales once: a second import, as CSV or JSON, changes nothing", async () => {
    const { slab } = await pull();
    const card = slab.cardId;
    const file = csv(
      `${card},psa,9,120.50,${daysAgo(10)},eBay,https://ebay.com/itm/1`,
      `${card},BGS,9.5,300,${today},Goldin,`,
    );
    const dry = await importComps(asAdmin(), { format: "csv", text: file, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, written: false, added: 2, refused: 0 });
    expect((await compsOf(card)).filter((c) => c.source !== "PackVault")).toEqual([]);
    const first = await importComps(asAdmin(), { format: "csv", text: file });
    expect(first).toMatchObject({ written: true, added: 2, unchanged: 0, refused: 0 });
    expect(first.lines.map((l) => [l.line, l.outcome])).toEqual([
      [2, "added"],
      [3, "added"],
    ]);
    const again = await importComps(asAdmin(), { format: "csv", text: file });
    expect(again).toMatchObject({ written: true, added: 0, unchanged: 2 });
    const json = await importComps(asAdmin(), {
      format: "json",
      text: JSON.stringify([
        {
          card,
          grader: "PSA",
          grade: 9,
          price: 120.5,
          date: daysAgo(10),
          source: "eBay",
          url: "https://ebay.com/itm/1",
        },
      ]),
    });
    expect(json).toMatchObject({ added: 0, unchanged: 1 });
    const stored = (await compsOf(card)).filter((c) => c.source !== "PackVault");
    expect(stored.map((c) => [c.grader, c.grade, c.priceCents, c.source])).toEqual([
      ["PSA", 9, 12_050, "eBay"],
      ["BGS", 9.5, 30_000, "Goldin"],
    ]);
    expect((await auditOf("comp.import")).length).toBeGreaterThanOrEqual(1);
  });

  it("refuses each bad line with its line and reason and writes nothing, not even the good lines", async () => {
    const { slab } = await pull();
    const card = slab.cardId;
    const before = await db.db.select({ n: sql<number>`count(*)::int` }).from(comps);
    const audits = (await auditOf("comp.import")).length;
    const report = await importComps(asAdmin(), {
      format: "csv",
      text: csv(
        `${card},PSA,10,99.00,${daysAgo(1)},eBay,`,
        `999999,PSA,10,99.00,${daysAgo(1)},eBay,`,
        `${card},PSA,10,0,${daysAgo(1)},eBay,`,
        `${card},PSA,10,-5.00,${daysAgo(1)},eBay,`,
        `${card},PSA,10,99.00,${daysAgo(-2)},eBay,`,
        `${card},XYZ,10,99.00,${daysAgo(1)},eBay,`,
        `${card},PSA,9.5,99.00,${daysAgo(1)},eBay,`,
        `${card},BGS,11,99.00,${daysAgo(1)},eBay,`,
        `${card},PSA,10`,
      ),
    });
    expect(report).toMatchObject({ written: false, added: 0, refused: 8 });
    expect(report.lines).toEqual([
      { line: 2, outcome: "added", cardId: card },
      { line: 3, outcome: "refused", message: 'unknown card "999999"' },
      { line: 4, outcome: "refused", message: expect.stringContaining("positive amount") },
      { line: 5, outcome: "refused", message: expect.stringContaining("positive amount") },
      { line: 6, outcome: "refused", message: `date ${daysAgo(-2)} is in the future` },
      { line: 7, outcome: "refused", message: expect.stringContaining('unknown grader "XYZ"') },
      {
        line: 8,
        outcome: "refused",
        message: expect.stringContaining('unknown grade "9.5" for PSA'),
      },
      {
        line: 9,
        outcome: "refused",
        message: expect.stringContaining('unknown grade "11" for BGS'),
      },
      { line: 10, outcome: "refused", message: expect.stringContaining("malformed") },
    ]);
    expect(await db.db.select({ n: sql<number>`count(*)::int` }).from(comps)).toEqual(before);
    expect(await auditOf("comp.import")).toHaveLength(audits);
  });

  it("refuses a collector or moderator (403) and a file without the header (400)", async () => {
    const collector = await makeCollector(db);
    const text = csv(`1,PSA,10,1.00,${today},eBay,`);
    await expect(importComps(as(db, collector), { format: "csv", text })).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(importComps(asStaff("moderator"), { format: "csv", text })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      importComps(asAdmin(), { format: "csv", text: "card,price\n1,2" }),
    ).rejects.toMatchObject({ code: "comp_import_header", status: 400 });
    await expect(importComps(asAdmin(), { format: "json", text: "{" })).rejects.toMatchObject({
      code: "comp_import_malformed",
      status: 400,
    });
  });
});

describe("excluding a comp", () => {
  it("is audited with its reason, and the comp stops counting once the job ran", async () => {
    const { slab } = await pull();
    const card = slab.cardId;
    await importComps(asAdmin(), {
      format: "csv",
      text: csv(...[100, 120, 140, 160].map((p) => `${card},SGC,8,${p}.00,${daysAgo(1)},eBay,`)),
    });
    await runJobs();
    expect(await valueOf(card, "SGC", 8)).toMatchObject({ fmvCents: 12_000, compCount: 4 });
    const cheapest = (await compsOf(card)).find(
      (c) => c.grader === "SGC" && c.priceCents === 10_000,
    )!;

    await excludeComp(asAdmin(), { compId: cheapest.id, reason: "Shill: seller bought it back" });

    expect((await compsOf(card)).find((c) => c.id === cheapest.id)).toMatchObject({
      excludedReason: "Shill: seller bought it back",
      excludedBy: admin.id,
      excludedAt: NOW,
    });
    expect(await auditOf("comp.exclude")).toContainEqual(
      expect.objectContaining({ targetId: String(cheapest.id), actorId: admin.id }),
    );
    await runJobs();
    expect(await valueOf(card, "SGC", 8)).toMatchObject({ fmvCents: 14_000, compCount: 3 });
  });

  it("refuses a moderator (403), an unknown comp (404) and a comp already excluded (409)", async () => {
    const { slab } = await pull();
    await importComps(asAdmin(), {
      format: "csv",
      text: csv(`${slab.cardId},CGC,7,55.00,${daysAgo(4)},PWCC,`),
    });
    const [comp] = (await compsOf(slab.cardId)).filter((c) => c.grader === "CGC");
    await expect(
      excludeComp(asStaff("moderator"), { compId: comp!.id, reason: "x" }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(
      excludeComp(asAdmin(), { compId: 987_654_321, reason: "x" }),
    ).rejects.toMatchObject({ code: "comp_not_found", status: 404 });
    await excludeComp(asAdmin(), { compId: comp!.id, reason: "Outlier" });
    await expect(
      excludeComp(asAdmin(), { compId: comp!.id, reason: "again" }),
    ).rejects.toMatchObject({ code: "comp_already_excluded", status: 409 });
    expect((await compsOf(slab.cardId)).find((c) => c.id === comp!.id)!.excludedReason).toBe(
      "Outlier",
    );
  });
});

describe("pinned slab FMVs", () => {
  it("a pinned slab keeps its FMV through recomputes until unpinned, both audited", async () => {
    const { slab } = await pull();
    const card = slab.cardId;
    await pinSlabFmv(asAdmin(), { slabId: slab.id, fmvCents: 99_900, reason: "Appraised" });
    await importComps(asAdmin(), {
      format: "csv",
      text: csv(
        ...[1, 2, 3].map((d) => `${card},${slab.grader},${slab.grade},50.00,${daysAgo(d)},eBay,`),
      ),
    });
    await runJobs();
    expect(await valueOf(card, slab.grader, slab.grade)).toMatchObject({ fmvCents: 5_000 });
    expect(await slabFmv(slab.id)).toBe(99_900);

    await pinSlabFmv(asAdmin(), { slabId: slab.id, fmvCents: null, reason: "Back to comps" });
    await runJobs();
    expect(await slabFmv(slab.id)).toBe(5_000);
    expect(await auditOf("slab.pin-fmv")).toContainEqual(
      expect.objectContaining({
        targetId: String(slab.id),
        after: expect.objectContaining({ fmvCents: 99_900, reason: "Appraised" }),
      }),
    );
    expect(await auditOf("slab.unpin-fmv")).toContainEqual(
      expect.objectContaining({ targetId: String(slab.id) }),
    );
    await expect(
      pinSlabFmv(asAdmin(), { slabId: slab.id, fmvCents: 0, reason: "Zero" }),
    ).rejects.toMatchObject({
      code: "fmv_invalid",
      status: 400,
    });
  });
});

describe("the portfolio snapshot", () => {
  it("values each vault at its slabs' FMV beside what the collector paid: the pack price or the sale price", async () => {
    const { owner, slab } = await pull();
    const bought = await pull();
    const listingId = await listCard(db, bought.owner, bought.cardId, "61.00");
    await fund(db, owner.id, 6_100);
    await buyNow(as(db, owner), { listingId, expectedPriceCents: 6_100 });

    await snapshotPortfolios(db.ctx({ now: NOW }));
    await snapshotPortfolios(db.ctx({ now: NOW })); // the same day again: one row

    const rows = await db.db
      .select()
      .from(portfolioSnapshots)
      .where(eq(portfolioSnapshots.userId, owner.id));
    expect(rows).toEqual([
      {
        userId: owner.id,
        day: today,
        valueCents: (await slabFmv(slab.id)) + (await slabFmv(bought.slab.id)),
        costCents: 2_500 + 6_100,
        cards: 2,
      },
    ]);
  });
});
