// The staff screens of card values (docs/product/value.md "Imported comps", "Excluded comps",
// "When values change"): the sales import page's action (/admin/inventory/comps) and the
// Inventory tab's pin and unpin, through the routes' seam: who may post, bad input refused with
// its message, and nothing changed by a refusal or a dry run.
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, cards, comps, slabs } from "~/.server/db/schema";
import { action } from "~/routes/admin.inventory.comps";
import { postAdminForm } from "../helpers/admin-form";
import { formPost, routeContext } from "../helpers/commerce";
import { authForFile, databaseForFile, staffForFile } from "../helpers/file-setup";

const db = databaseForFile();
const auth = authForFile(db);
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");
const user = staffForFile(db, "user");
let cardId: number;
let slabId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const [card] = await db.db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: "Value Admin Set",
      number: "7",
      name: "Squirtle Admin",
      year: 1999,
      variant: "",
    })
    .returning({ id: cards.id });
  cardId = card!.id;
  const [slab] = await db.db
    .insert(slabs)
    .values({
      cardId,
      grader: "PSA",
      cert: "80000001",
      grade: 9,
      costCents: 1_000,
      fmvCents: 2_000,
      bin: "V-1",
      state: "house_stock",
      acquiredOn: today,
    })
    .returning({ id: slabs.id });
  slabId = slab!.id;
});

type Person = "visitor" | "user" | "moderator" | "admin";
const who = { user: () => user, moderator: () => moderator, admin: () => admin };

/** Posts the import form as `person`: the thrown or returned answer, read. */
async function postImport(person: Person, fields: Record<string, string>) {
  const base = routeContext(db, auth, person === "visitor" ? null : who[person]());
  const context = (
    person === "visitor" ? base : { ...base, user: { ...base.user!, role: person } }
  ) as AppLoadContext;
  let answer: unknown;
  try {
    answer = await action({
      request: formPost("/admin/inventory/comps", { intent: "import-comps", ...fields }),
      params: {},
      context,
    } as Parameters<typeof action>[0]);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, data: null };
  const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, data };
}

const compCount = async () =>
  (await db.db.select({ n: count() }).from(comps).where(eq(comps.cardId, cardId)))[0]!.n;
const header = "card,grader,grade,price,date,source,url";

describe("the sales import page", () => {
  it("sends a visitor to sign in and refuses a user and a moderator (403): nothing is written", async () => {
    const text = `${header}\n${cardId},PSA,9,20.00,${today},eBay,`;
    const fields = { format: "csv", text, mode: "apply" };
    expect((await postImport("visitor", fields)).status).toBe(302);
    expect((await postImport("user", fields)).status).toBe(403);
    expect((await postImport("moderator", fields)).status).toBe(403);
    expect(await compCount()).toBe(0);
  });

  it("answers a missing field, an unknown format or mode with the field's message (400)", async () => {
    const empty = await postImport("admin", { format: "csv", text: " ", mode: "dry-run" });
    expect(empty.status).toBe(400);
    expect(empty.data!.fieldErrors).toMatchObject({ text: ["Paste the sales to import"] });
    const format = await postImport("admin", { format: "xml", text: header, mode: "dry-run" });
    expect(format.data!.fieldErrors).toMatchObject({ format: ["Choose CSV or JSON"] });
    const mode = await postImport("admin", { format: "csv", text: header, mode: "maybe" });
    expect(mode.data!.fieldErrors).toMatchObject({ mode: ["Choose a dry run or apply"] });
    expect(await compCount()).toBe(0);
  });

  it("answers a file it cannot read with a 400 and its message, and changes nothing", async () => {
    const json = await postImport("admin", { format: "json", text: "{", mode: "apply" });
    expect(json.status).toBe(400);
    expect(JSON.stringify(json.data)).toContain("The JSON cannot be read");
    const csv = await postImport("admin", {
      format: "csv",
      text: "card,price\n1,2",
      mode: "apply",
    });
    expect(csv.status).toBe(400);
    expect(JSON.stringify(csv.data)).toContain("The first line must be the header");
    expect(await compCount()).toBe(0);
  });

  it("reports each refused line and writes nothing; a dry run writes nothing; apply writes once", async () => {
    const good = `${cardId},PSA,9,20.00,${today},eBay,`;
    const bad = `${header}\n${good}\n${cardId},PSA,9,-5,${today},eBay,\n999999,PSA,9,5,${today},eBay,`;
    const refused = await postImport("admin", { format: "csv", text: bad, mode: "apply" });
    expect(refused.data!.report).toMatchObject({ written: false, refused: 2, added: 0 });
    expect(await compCount()).toBe(0);

    const text = `${header}\n${good}`;
    const dry = await postImport("admin", { format: "csv", text, mode: "dry-run" });
    expect(dry.data!.report).toMatchObject({ dryRun: true, written: false, added: 1 });
    expect(await compCount()).toBe(0);

    const applied = await postImport("admin", { format: "csv", text, mode: "apply" });
    expect(applied.data!.report).toMatchObject({ written: true, added: 1 });
    const again = await postImport("admin", { format: "csv", text, mode: "apply" });
    expect(again.data!.report).toMatchObject({ written: true, added: 0, unchanged: 1 });
    expect(await compCount()).toBe(1);
  });
});

describe("pinning a slab's FMV from the Inventory tab", () => {
  const slabRow = async () => (await db.db.select().from(slabs).where(eq(slabs.id, slabId)))[0]!;
  const audits = async () => (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n;

  it("refuses a missing reason, a zero or malformed value and an unknown slab, changing nothing", async () => {
    const before = await slabRow();
    const audited = await audits();
    const noReason = await postAdminForm(db, admin, "admin", "pin-slab-fmv", {
      slabId: String(slabId),
      fmv: "50.00",
      reason: "",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.fieldErrors.reason?.[0]).toMatch(/Say why this slab's value is pinned/);
    for (const fmv of ["0", "abc", "-3"]) {
      const answer = await postAdminForm(db, admin, "admin", "pin-slab-fmv", {
        slabId: String(slabId),
        fmv,
        reason: "Appraised",
      });
      expect(answer.status, fmv).toBe(400);
      expect(answer.fieldErrors.fmv, fmv).toBeDefined();
    }
    const unknown = await postAdminForm(db, admin, "admin", "pin-slab-fmv", {
      slabId: "99999999",
      fmv: "50.00",
      reason: "Appraised",
    });
    expect(unknown.status).toBe(404);
    const byModerator = await postAdminForm(db, moderator, "moderator", "pin-slab-fmv", {
      slabId: String(slabId),
      fmv: "50.00",
      reason: "Appraised",
    });
    expect(byModerator.status).toBe(403);
    expect(await slabRow()).toEqual(before);
    expect(await audits()).toBe(audited);
  });

  it("pins with its reason, then unpins: both audited", async () => {
    const pinned = await postAdminForm(db, admin, "admin", "pin-slab-fmv", {
      slabId: String(slabId),
      fmv: "55.50",
      reason: "Appraised by hand",
    });
    expect(pinned.status).toBe(302);
    expect(await slabRow()).toMatchObject({ fmvCents: 5_550 });
    expect((await slabRow()).fmvPinnedAt).not.toBeNull();
    const unpinned = await postAdminForm(db, admin, "admin", "unpin-slab-fmv", {
      slabId: String(slabId),
      reason: "Back to the estimate",
    });
    expect(unpinned.status).toBe(302);
    expect((await slabRow()).fmvPinnedAt).toBeNull();
    const rows = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(slabId)));
    expect(rows.map((r) => [r.action, (r.after as { reason: string }).reason])).toEqual(
      expect.arrayContaining([
        ["slab.pin-fmv", "Appraised by hand"],
        ["slab.unpin-fmv", "Back to the estimate"],
      ]),
    );
  });
});
