// Proof of reserves (docs/decisions/043-proof-of-reserves.md): snapshots over the slabs in
// custody, append-only; a collector's proof of their own slab, refused for anyone else's; cycle
// counts reconciled line by line, changing no slab.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import {
  adminAuditLog,
  cards,
  cycleCounts,
  reserveLeaves,
  reserveSnapshots,
  slabs,
  userCards,
} from "~/.server/db/schema";
import { userTag } from "~/.server/packs/draw-log";
import { recordCycleCount } from "~/.server/reserves/cycle-count";
import { requestReserveSnapshot } from "~/.server/reserves/jobs";
import { proveOwnSlab } from "~/.server/reserves/proof";
import { buildReserveSnapshot } from "~/.server/reserves/snapshot-build";
import { reserveTreeOf } from "~/.server/reserves/tree-cache";
import { latestSnapshot } from "~/.server/reserves/snapshots";
import { parseReserveProof, verifyReserveProof } from "~/lib/reserves";
import {
  as,
  makeCollector,
  makeStaff,
  TEST_DRAW_LOG_TAG_KEY,
  type Collector,
} from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost, routeContext } from "../helpers/commerce";
import { action as adminReservesAction } from "~/routes/admin.reserves";
import { loader as proofLoader } from "~/routes/vault.reserve-proof";

const tagKey = TEST_DRAW_LOG_TAG_KEY;
let db: TestDatabase;
let admin: Collector;
let owner: Collector;
let other: Collector;
let cardId: number;
/** The owner's card holding slab PSA 20000003. */
let ownedCardId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await makeStaff(db, "admin");
  owner = await makeCollector(db);
  other = await makeCollector(db);
  const [card] = await db.db
    .insert(cards)
    .values({ category: "Pokemon", setName: "Base", number: "4", name: "Charizard", year: 1999 })
    .returning({ id: cards.id });
  cardId = card!.id;
  const slab = (cert: string, state: string, fmvCents: number, bin: string) => ({
    cardId,
    grader: "PSA" as const,
    cert,
    grade: 9,
    fmvCents,
    costCents: 100,
    acquiredOn: "2026-10-01",
    bin,
    state: state as "house_stock",
    writeOffReason: state === "written_off" ? "damaged" : null,
  });
  const rows = await db.db
    .insert(slabs)
    .values([
      slab("20000001", "house_stock", 1_000, "A-1"),
      slab("20000002", "house_stock", 2_000, "A-1"),
      slab("20000003", "owned", 5_000, "A-2"),
      slab("20000004", "intake", 7_000, "A-2"),
      slab("20000005", "written_off", 9_000, "A-1"),
    ])
    .returning({ id: slabs.id, cert: slabs.cert });
  const [held] = await db.db
    .insert(userCards)
    .values({
      userId: owner.id,
      cardName: "Charizard",
      cardDescription: "Base Set",
      category: "Trading Cards",
      rarity: "rare",
      grade: 9,
      estimatedValueCents: 5_000,
      slabId: rows.find((r) => r.cert === "20000003")!.id,
    })
    .returning({ id: userCards.id });
  ownedCardId = held!.id;
});
afterAll(() => db.destroy());

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } satisfies Actor });

describe("reserve snapshots", () => {
  it("has no proof before the first snapshot", async () => {
    await expect(
      proveOwnSlab(as(db, owner), { cardId: ownedCardId, tagKey, publicUrl: "http://x" }),
    ).rejects.toMatchObject({ code: "reserves_no_snapshot", status: 409 });
  });

  it("commits every slab in custody, with counts and FMV totals per state", async () => {
    const built = await buildReserveSnapshot(db.ctx(), { tagKey, trigger: "schedule" });
    expect(built.leafCount).toBe(3);
    expect(built.totals).toEqual({
      house_stock: { count: 2, fmvCents: 3_000 },
      in_pool: { count: 0, fmvCents: 0 },
      owned: { count: 1, fmvCents: 5_000 },
      shipping_out: { count: 0, fmvCents: 0 },
    });
    expect(built.root).toMatch(/^[0-9a-f]{64}$/);
    expect(await latestSnapshot(db)).toMatchObject({ id: built.id, root: built.root });
    const leaves = await db.db
      .select()
      .from(reserveLeaves)
      .where(eq(reserveLeaves.snapshotId, built.id));
    expect(leaves.map((l) => [l.cert, l.owner]).sort()).toEqual([
      ["20000001", "house"],
      ["20000002", "house"],
      ["20000003", userTag(tagKey, owner.id)],
    ]);
    expect(new Set(leaves.map((l) => l.salt)).size).toBe(3);
  });

  it("gives a new salt, so a new root, to every snapshot of the same books", async () => {
    const first = await latestSnapshot(db);
    const second = await buildReserveSnapshot(db.ctx(), { tagKey, trigger: "staff" });
    expect(second.id).toBeGreaterThan(first!.id);
    expect(second.root).not.toBe(first!.root);
    expect(second.leafCount).toBe(first!.leafCount);
  });

  it("keeps each database's trees apart: the same snapshot id in another database is its own tree", async () => {
    const ours = (await latestSnapshot(db))!;
    const other = await createTestDatabase();
    try {
      const [card] = await other.db
        .insert(cards)
        .values({
          category: "Pokemon",
          setName: "Base",
          number: "2",
          name: "Blastoise",
          year: 1999,
        })
        .returning({ id: cards.id });
      await other.db.insert(slabs).values({
        cardId: card!.id,
        grader: "PSA",
        cert: "30000001",
        grade: 8,
        fmvCents: 4_000,
        costCents: 100,
        acquiredOn: "2026-10-01",
        bin: "B-1",
        state: "house_stock",
      });
      // Fresh databases number their snapshots alike: ask the other one for our id.
      await other.db.execute(
        sql`SELECT setval('reserve_snapshots_id_seq', ${ours.id - 1}, ${ours.id > 1})`,
      );
      const theirs = await buildReserveSnapshot(other.ctx(), { tagKey, trigger: "staff" });
      expect(theirs.id).toBe(ours.id);
      expect(theirs.root).not.toBe(ours.root);
      expect((await reserveTreeOf(db, ours.id)).tree.root).toBe(ours.root);
      expect((await reserveTreeOf(other, theirs.id)).tree.root).toBe(theirs.root);
      expect((await reserveTreeOf(other, theirs.id)).sortedLeaves).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });

  it("refuses to update, delete or truncate a snapshot, its leaves or a count", async () => {
    const refused = [
      sql`UPDATE reserve_snapshots SET root = repeat('0', 64)`,
      sql`DELETE FROM reserve_snapshots`,
      sql`UPDATE reserve_leaves SET fmv_cents = fmv_cents + 1`,
      sql`DELETE FROM reserve_leaves`,
      sql`TRUNCATE reserve_leaves, reserve_snapshots`,
      sql`DELETE FROM cycle_counts`,
    ];
    for (const statement of refused) {
      const error: unknown = await db.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      const cause = (error as { cause?: { message?: string; code?: string } } | null)?.cause;
      expect(cause).toMatchObject({ code: "PV004", message: expect.stringMatching(/append-only/) });
    }
    const { n } = (await db.db.select({ n: count() }).from(reserveSnapshots))[0]!;
    expect(n).toBe(2);
  });

  it("audits a staff request and queues one build a minute", async () => {
    expect(await requestReserveSnapshot(asAdmin())).toBe(true);
    expect(await requestReserveSnapshot(asAdmin())).toBe(false);
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "reserves.snapshot-request"));
    expect(audits).toHaveLength(1);
    await expect(requestReserveSnapshot(as(db, owner))).rejects.toMatchObject({ status: 403 });
  });
});

describe("a collector's proof", () => {
  it("proves their slab against the latest root, checked by the shared verifier", async () => {
    const proof = await proveOwnSlab(as(db, owner), {
      cardId: ownedCardId,
      tagKey,
      publicUrl: "https://packvault.test",
    });
    const latest = await latestSnapshot(db);
    expect(proof.snapshot).toMatchObject({ id: latest!.id, root: latest!.root, leaf_count: 3 });
    expect(proof.snapshot.url).toBe(`https://packvault.test/reserves/${latest!.id}.json`);
    expect(proof.leaf).toMatchObject({ cert: "20000003", state: "owned", fmv_cents: 5_000 });
    const reread = parseReserveProof(JSON.stringify(proof));
    expect(verifyReserveProof(reread, latest!.root)).toMatchObject({ included: true });
  });

  it("refuses another collector's card and a card that does not exist alike (403)", async () => {
    const refusal = {
      code: "forbidden",
      status: 403,
      message: "You can only prove slabs in your own vault.",
    };
    await expect(
      proveOwnSlab(as(db, other), { cardId: ownedCardId, tagKey, publicUrl: "http://x" }),
    ).rejects.toMatchObject(refusal);
    await expect(
      proveOwnSlab(as(db, other), { cardId: ownedCardId + 1_000, tagKey, publicUrl: "http://x" }),
    ).rejects.toMatchObject(refusal);
  });

  it("says a slab that became theirs after the snapshot is not in it yet", async () => {
    const [house] = await db.db.select().from(slabs).where(eq(slabs.cert, "20000001"));
    await db.db.update(slabs).set({ state: "owned" }).where(eq(slabs.id, house!.id));
    const [card] = await db.db
      .insert(userCards)
      .values({
        userId: other.id,
        cardName: "Charizard",
        cardDescription: "Base Set",
        category: "Trading Cards",
        rarity: "rare",
        grade: 9,
        estimatedValueCents: 1_000,
        slabId: house!.id,
      })
      .returning({ id: userCards.id });
    await expect(
      proveOwnSlab(as(db, other), { cardId: card!.id, tagKey, publicUrl: "http://x" }),
    ).rejects.toMatchObject({ code: "reserves_not_yet", status: 409 });
  });
});

describe("the proof's route", () => {
  const get = (who: Collector | null, id: number) =>
    proofLoader({
      params: { cardId: String(id) },
      request: new Request(`http://packvault.test/vault/cards/${id}/reserve-proof.json`),
      context: routeContext(db, undefined as never, who),
    } as Parameters<typeof proofLoader>[0]);

  it("answers the owner's proof as JSON, and 403 alike for anyone else or no such card", async () => {
    const mine = await get(owner, ownedCardId);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    const proof = parseReserveProof(await mine.text());
    expect(verifyReserveProof(proof).included).toBe(true);
    for (const answer of [await get(other, ownedCardId), await get(other, 987_654)]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: "You can only prove slabs in your own vault." });
    }
    expect((await get(null, ownedCardId)).status).toBe(401);
  });

  it("refuses a moderator's snapshot request on /admin/reserves with 403 and queues nothing", async () => {
    const context = routeContext(db, undefined as never, other) as unknown as {
      user: { role: string };
    };
    context.user.role = "moderator";
    const before = await db.db.select({ n: count() }).from(adminAuditLog);
    const thrown: unknown = await Promise.resolve(
      adminReservesAction({
        request: formPost("/admin/reserves", { intent: "request-snapshot" }),
        params: {},
        context,
      } as unknown as Parameters<typeof adminReservesAction>[0]),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 403 } });
    expect(await db.db.select({ n: count() }).from(adminAuditLog)).toEqual(before);
  });
});

describe("cycle counts", () => {
  it("lists missing, unexpected and wrong-bin slabs and every bad line, and changes no slab", async () => {
    const before = await db.db.select().from(slabs).orderBy(slabs.id);
    const csv = [
      "grader,cert,bin",
      "PSA,20000002,A-1", // on the books in A-1: counted
      "PSA,20000003,A-1", // on the books in A-2: wrong bin
      "PSA,20000005,A-1", // written off: unexpected
      "PSA,29999999,A-1", // not in the books: unexpected
      "PSA,20000002,A-1", // repeated
      "XYZ,20000006,A-1", // unknown grader
      "PSA,12,A-1", // malformed cert
      "PSA,20000004", // missing a field
    ].join("\n");
    const stored = await recordCycleCount(asAdmin(), { csv, bin: null, fileName: "vault.csv" });
    expect(stored).toMatchObject({
      lineCount: 8,
      scanned: 4,
      missing: 2, // 20000001 (now owned, A-1) and 20000004 (intake, A-2)
      unexpected: 2,
      wrongBin: 1,
      badLines: 4,
    });
    expect(stored.report.missing.map((m) => m.cert).sort()).toEqual(["20000001", "20000004"]);
    expect(stored.report.unexpected).toEqual([
      { line: 4, grader: "PSA", cert: "20000005", reason: "the books say it is written off" },
      { line: 5, grader: "PSA", cert: "29999999", reason: "not in the books" },
    ]);
    expect(stored.report.wrongBin).toEqual([
      { line: 3, grader: "PSA", cert: "20000003", scannedBin: "A-1", bookBin: "A-2" },
    ]);
    expect(stored.report.lineIssues.map((l) => l.line)).toEqual([6, 7, 8, 9]);
    expect(stored.report.lineIssues[0]!.message).toBe("PSA 20000002 was already scanned on line 2");
    expect(await db.db.select().from(slabs).orderBy(slabs.id)).toEqual(before);
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "inventory.cycle-count"));
    expect(audits).toHaveLength(1);
  });

  it("counts one bin: its slabs only, and lines of another bin are left out", async () => {
    const csv = ["grader,cert,bin", "PSA,20000002,A-1", "PSA,20000004,A-2"].join("\n");
    const stored = await recordCycleCount(asAdmin(), { csv, bin: "A-1", fileName: "a1.csv" });
    expect(stored).toMatchObject({
      scanned: 1,
      missing: 1,
      unexpected: 0,
      wrongBin: 0,
      badLines: 1,
    });
    expect(stored.report.missing).toEqual([
      { grader: "PSA", cert: "20000001", bin: "A-1", state: "owned" },
    ]);
  });

  it("refuses a file without the header, or a non-admin, and stores nothing", async () => {
    const before = (await db.db.select({ n: count() }).from(cycleCounts))[0]!.n;
    await expect(
      recordCycleCount(asAdmin(), { csv: "cert,grader\n1,2", bin: null, fileName: "x.csv" }),
    ).rejects.toMatchObject({ code: "count_header", status: 400 });
    await expect(
      recordCycleCount(as(db, owner), { csv: "grader,cert,bin\n", bin: null, fileName: "x" }),
    ).rejects.toMatchObject({ status: 403 });
    const { n } = (await db.db.select({ n: count() }).from(cycleCounts))[0]!;
    expect(n).toBe(before);
  });
});
