// Taking slabs in by CSV (docs/design.md "Inventory (real slabs)"; app/.server/inventory/intake.ts):
// idempotent on grader + cert, a line-by-line report, bad lines change nothing, a dry run
// writes nothing.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { adminAuditLog, cards, slabEvents, slabs } from "~/.server/db/schema";
import { importSlabs } from "~/.server/inventory/intake";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { makePack } from "../helpers/packs";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");
let cardId: number;
beforeAll(async () => {
  // A $25 pack on sale: its tiers take FMVs of $14-26, $26.25-48.75, $52.50-97.50, $87.50-162.50.
  await makePack(db, { priceCents: 2_500, availableCount: 1 });
  const [card] = await db.db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: "Pokemon Base Set",
      number: "4",
      name: "Charizard",
      year: 1999,
      variant: "Holo",
    })
    .returning({ id: cards.id });
  cardId = card!.id;
});

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } satisfies Actor });
const HEADER = "grader,cert,card,grade,cost,fmv,bin";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\n");
const slabCount = async () => (await db.db.select({ n: count() }).from(slabs))[0]!.n;

describe("importing slabs by CSV", () => {
  it("a dry run reports what it would do and writes nothing", async () => {
    const before = await slabCount();
    const report = await importSlabs(asAdmin(), {
      csv: csv(`PSA,70000001,${cardId},9,12.00,20.00,A-1`),
      dryRun: true,
    });
    expect(report).toMatchObject({ dryRun: true, added: 1, unchanged: 0, refused: 0 });
    expect(report.lines).toEqual([{ line: 2, outcome: "added", grader: "PSA", cert: "70000001" }]);
    expect(await slabCount()).toBe(before);
  });

  it("adds good lines in intake, and a second import of the same file changes nothing", async () => {
    const file = csv(
      `PSA,70000001,${cardId},9,12.00,20.00,A-1`,
      `bgs,0012345678,${cardId},9.5,30,40.5,A-2`,
    );
    const first = await importSlabs(asAdmin(), { csv: file, dryRun: false });
    expect(first).toMatchObject({ added: 2, unchanged: 0, refused: 0 });
    const [added] = await db.db.select().from(slabs).where(eq(slabs.cert, "0012345678"));
    expect(added).toMatchObject({
      grader: "BGS",
      cardId,
      grade: 9.5,
      costCents: 3_000,
      fmvCents: 4_050,
      bin: "A-2",
      state: "intake",
    });
    const history = await db.db.select().from(slabEvents).where(eq(slabEvents.slabId, added!.id));
    expect(history.map((e) => [e.fromState, e.toState])).toEqual([[null, "intake"]]);
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "inventory.import"));
    expect(audits).toHaveLength(1);

    const before = await slabCount();
    const again = await importSlabs(asAdmin(), { csv: file, dryRun: false });
    expect(again).toMatchObject({ added: 0, unchanged: 2, refused: 0 });
    expect(await slabCount()).toBe(before);
  });

  it("refuses each bad line with its reason and changes nothing for it", async () => {
    const before = await slabCount();
    const report = await importSlabs(asAdmin(), {
      csv: csv(
        `PSA,70000010,${cardId},9,12.00`,
        `PVG,70000011,${cardId},9,12.00,20.00,B-1`,
        `PSA,70000001,${cardId},10,12.00,20.00,A-1`,
        `CGC,70000012,${cardId},9.5,12.00,20.00,B-2`,
        `CGC,70000012,${cardId},9.5,12.00,20.00,B-3`,
        `PSA,70000013,${cardId},9.5,12.00,20.00,B-4`,
        `SGC,70000014,${cardId},9,12.00,9999.00,B-5`,
        `SGC,70000015,999999,9,12.00,20.00,B-6`,
        `SGC,abc,${cardId},9,12.00,20.00,B-7`,
      ),
      dryRun: false,
    });
    expect(report.lines).toEqual([
      {
        line: 2,
        outcome: "refused",
        message: "malformed: 5 fields, expected 7 (grader, cert, card, grade, cost, fmv, bin)",
      },
      { line: 3, outcome: "refused", message: 'unknown grader "PVG" (PSA, BGS, CGC or SGC)' },
      {
        line: 4,
        outcome: "refused",
        message: expect.stringMatching(
          /^duplicate cert: PSA 70000001 is already slab \d+, with other details$/,
        ),
      },
      { line: 5, outcome: "added", grader: "CGC", cert: "70000012" },
      {
        line: 6,
        outcome: "refused",
        message: "duplicate cert: CGC 70000012 is also on line 5",
      },
      {
        line: 7,
        outcome: "refused",
        message: `grade "9.5" is outside PSA's scale (1 to 10 in steps of 1)`,
      },
      { line: 8, outcome: "refused", message: "FMV fits no tier of any pack on sale" },
      { line: 9, outcome: "refused", message: 'unknown card "999999"' },
      { line: 10, outcome: "refused", message: 'malformed cert "abc": 6 to 10 digits' },
    ]);
    expect(report).toMatchObject({ added: 1, refused: 8 });
    expect(await slabCount()).toBe(before + 1);
    const [kept] = await db.db.select().from(slabs).where(eq(slabs.cert, "70000001"));
    expect(kept).toMatchObject({ grade: 9, bin: "A-1" });
  });

  it("is refused to a moderator and for a file without the header", async () => {
    const file = csv(`PSA,70000020,${cardId},9,12.00,20.00,A-1`);
    await expect(
      importSlabs(db.ctx({ actor: { userId: moderator.id, role: "moderator" } }), {
        csv: file,
        dryRun: false,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      importSlabs(asAdmin(), { csv: `PSA,70000020,${cardId},9,12.00,20.00,A-1`, dryRun: false }),
    ).rejects.toMatchObject({ code: "intake_header" });
    await expect(importSlabs(asAdmin(), { csv: HEADER, dryRun: false })).rejects.toMatchObject({
      code: "intake_empty",
    });
  });
});
