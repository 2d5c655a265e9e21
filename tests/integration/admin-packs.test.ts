import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as domain from "~/.server/admin/packs";
import type { Actor } from "~/.server/context";
import { adminAuditLog, packs } from "~/.server/db/schema";
import { loadPackDetail } from "~/.server/packs/catalog";
import { openPack } from "~/.server/packs/opening";
import { packsTab } from "~/routes/+admin/packs.server";
// The pack functions as the seam calls them: the posted fields parsed with the intent's schema.
import {
  createPackForm as createPack,
  deletePackForm as deletePack,
  fieldMessages,
  packForm,
  postAdminForm,
  updatePackForm as updatePack,
  auditRowsFor,
} from "../helpers/admin-form";
import { parsed } from "../helpers/forms";
import { as, type Collector } from "../helpers/commerce";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { expectLedgerBalanced, fundedCollector, makePack } from "../helpers/packs";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");

const { listAllPacks } = domain;

const asStaff = (person: Collector, role: "admin" | "moderator" = "admin", now?: Date) =>
  db.ctx({ actor: { userId: person.id, role } satisfies Actor, now });
const packRow = async (id: number) => (await db.db.select().from(packs).where(eq(packs.id, id)))[0];
const allPacks = () => db.db.select().from(packs).orderBy(asc(packs.id));
const auditFor = (id: number) => auditRowsFor(db, id, "newest first");
const auditRows = () => db.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));

/**
 * Expects the pack form `fields`, posted to /admin as `intent` by an admin, refused by the seam
 * with 400 and `message` beside its field; no pack or audit row changed.
 */
async function expectPackRefused(
  fields: Record<string, string | null>,
  message: string | RegExp,
  intent = "create-pack",
) {
  const before = { packs: await allPacks(), audit: await auditRows() };
  const answer = await postAdminForm(db, admin, "admin", intent, fields);
  expect(answer.status).toBe(400);
  expect(answer.toasts).toMatchObject([{ kind: "error", title: "Error saving pack" }]);
  expect(fieldMessages(answer)).toContainEqual(
    typeof message === "string" ? message : expect.stringMatching(message),
  );
  expect({ packs: await allPacks(), audit: await auditRows() }).toEqual(before);
}

describe("creating a pack", () => {
  it("stores every field in cents, numbers and name lists, with an audit row", async () => {
    const form = packForm({ availableCount: "40" });
    const { packId } = await createPack(asStaff(admin), form);
    const pack = await packRow(packId);
    expect(pack).toMatchObject({
      name: form.name,
      description: "Fresh from the admin tab",
      category: "MTG",
      priceCents: 1_250,
      // No pool yet: nothing available, and not on sale (a posted stock is dropped).
      availableCount: 0,
      isActive: false,
      imageUrl: null,
      rarityDistribution: { common: 80, uncommon: 12, rare: 6.5, legendary: 1.5 },
      cardNames: {
        common: ["Goblin", "Elf", "Merfolk"],
        uncommon: ["Knight"],
        rare: ["Dragon", "Angel"],
        legendary: ["Black Lotus"],
      },
    });
    const [audit] = await auditFor(packId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "pack.create",
      targetType: "pack",
      before: null,
      after: { name: form.name, priceCents: 1_250, availableCount: 0, isActive: false },
    });
  });

  it("creates an inactive pack when the checkbox is absent; a posted image link is dropped", async () => {
    const { packId } = await createPack(
      asStaff(admin),
      packForm({ isActive: null, imageUrl: "https://img.example/pack.png", description: "" }),
    );
    expect(await packRow(packId)).toMatchObject({
      isActive: false,
      imageUrl: null,
      description: null,
    });
  });

  it("refuses odds that do not add up to 100, or with more than 2 decimals", async () => {
    await expectPackRefused(
      packForm({ legendary: "5" }),
      "The four percentages must add up to 100",
      "create-pack",
    );
    await expectPackRefused(
      packForm({ common: "83.333", uncommon: "8.333", rare: "8.334", legendary: "0" }),
      /Common percentage must be a number from 0 to 100 with at most 2 decimals/,
      "create-pack",
    );
    // 83.33 + 8.33 + 8.34 + 0 is exactly 100.
    const { packId } = await createPack(
      asStaff(admin),
      packForm({ common: "83.33", uncommon: "8.33", rare: "8.34", legendary: "0" }),
    );
    expect((await packRow(packId))!.rarityDistribution).toEqual({
      common: 83.33,
      uncommon: 8.33,
      rare: 8.34,
      legendary: 0,
    });
  });

  it("parses price and odds strictly: '12abc', '1e3', '-1' and '' are refused", async () => {
    for (const bad of ["12abc", "1e3", "-1", "", "12.345", "0", "100000.01"]) {
      await expectPackRefused(
        packForm({ price: bad }),
        /Price is required|Enter an amount in dollars, like 50 or 25\.50|Use at most 2 decimals|Enter the amount in plain digits|Enter at least \$0\.01|Enter at most \$100,000/,
        "create-pack",
      );
    }
    for (const bad of ["12abc", "1e3", "-1", "", "101"]) {
      await expectPackRefused(
        packForm({ rare: bad }),
        /Rare percentage (is required|must be a number from 0 to 100 with at most 2 decimals)/,
        "create-pack",
      );
    }
    const { packId } = await createPack(asStaff(admin), packForm({ price: "100000" }));
    expect(await packRow(packId)).toMatchObject({ priceCents: 10_000_000, availableCount: 0 });
  });

  it("refuses missing or too many card names, names over 40 characters, a bad category", async () => {
    await expectPackRefused(
      packForm({ rareNames: " \n \n" }),
      "Enter at least one rare card name",
      "create-pack",
    );
    await expectPackRefused(
      packForm({ commonNames: Array.from({ length: 11 }, (_, i) => `Card ${i}`).join("\n") }),
      "Enter at most 10 common card names (one per line)",
      "create-pack",
    );
    await expectPackRefused(
      packForm({ legendaryNames: "x".repeat(41) }),
      "Each legendary card name must be at most 40 characters",
      "create-pack",
    );
    await expectPackRefused(packForm({ category: "Pogs" }), "Category is required", "create-pack");
    await expectPackRefused(packForm({ name: "  " }), "Name is required", "create-pack");
  });
});

describe("editing a pack", () => {
  it("changes every field, stamps updated_at and records before and after", async () => {
    const packId = await makePack(db, { name: "Old Name", priceCents: 2_500 });
    const later = new Date("2026-11-05T08:00:00Z");
    await updatePack(asStaff(admin, "admin", later), {
      ...packForm({ name: "New Name", price: "30", availableCount: "7", isActive: null }),
      packId: String(packId),
    });
    const pack = await packRow(packId);
    expect(pack).toMatchObject({
      name: "New Name",
      priceCents: 3_000,
      // The pool's size (10 slabs a tier), not the posted 7.
      availableCount: 40,
      isActive: false,
      rarityDistribution: { common: 80, uncommon: 12, rare: 6.5, legendary: 1.5 },
    });
    expect(pack!.updatedAt).toEqual(later);
    const [audit] = await auditFor(packId);
    expect(audit).toMatchObject({
      action: "pack.update",
      before: {
        name: "Old Name",
        priceCents: 2_500,
        isActive: true,
        rarityDistribution: { common: 85, uncommon: 10, rare: 4, legendary: 1 },
      },
      after: { name: "New Name", priceCents: 3_000, availableCount: 40, isActive: false },
    });
  });

  it("keeps the image link a pack had before packs took uploads; a posted one changes nothing", async () => {
    const packId = await makePack(db);
    await db.db
      .update(packs)
      .set({ imageUrl: "https://img.example/old.png" })
      .where(eq(packs.id, packId));
    await updatePack(asStaff(admin), {
      ...packForm({ name: "Renamed", imageUrl: "https://evil.example/new.png" }),
      packId: String(packId),
    });
    expect(await packRow(packId)).toMatchObject({
      name: "Renamed",
      imageUrl: "https://img.example/old.png",
    });
  });

  it("shows the new odds on the pack's page", async () => {
    const packId = await makePack(db);
    await updatePack(asStaff(admin), {
      // Its pool was composed at $25: the price stays, so the pool still lets it be on sale.
      ...packForm({
        price: "25",
        isActive: "on",
        common: "80",
        uncommon: "15",
        rare: "4",
        legendary: "1",
      }),
      packId: String(packId),
    });
    const detail = await loadPackDetail(db.ctx(), packId);
    expect(detail!.pack.rarityDistribution).toEqual({
      common: 80,
      uncommon: 15,
      rare: 4,
      legendary: 1,
    });
  });

  it("refuses a bad form or a missing pack and changes nothing", async () => {
    const packId = await makePack(db);
    await expectPackRefused(
      { ...packForm({ common: "61" }), packId: String(packId) },
      "The four percentages must add up to 100",
      "update-pack",
    );
    await expectPackRefused(
      { ...packForm({ price: "1e3" }), packId: String(packId) },
      "Enter the amount in plain digits, like 1000 or 25.50",
      "update-pack",
    );
    const before = await allPacks();
    await expect(
      updatePack(asStaff(admin), { ...packForm(), packId: "999999" }),
    ).rejects.toMatchObject({ code: "pack_not_found", status: 404 });
    expect(await allPacks()).toEqual(before);
  });
});

describe("the house edge", () => {
  // 0.6 x 0.8 + 0.25 x 1.5 + 0.1 x 3 + 0.05 x 5 = 1.405: a buyback pays 126.45 % of the price.
  const generous = { common: "60", uncommon: "25", rare: "10", legendary: "5" };
  // 0.9259 x 0.8 + 0.0741 x 5 = 1.11122: a buyback pays 100.01 %.
  const justAbove = { common: "92.59", uncommon: "0", rare: "0", legendary: "7.41" };

  async function expectHouseEdgeRefused(action: () => Promise<unknown>) {
    const before = { packs: await allPacks(), audit: await auditRows() };
    await expect(action()).rejects.toMatchObject({
      name: "DomainError",
      code: "buyback_exceeds_price",
      status: 400,
      message: "Expected buyback exceeds the pack price",
    });
    expect({ packs: await allPacks(), audit: await auditRows() }).toEqual(before);
  }

  it("refuses to create a pack whose expected buyback reaches its price", async () => {
    await expectHouseEdgeRefused(() => createPack(asStaff(admin), packForm(generous)));
    await expectHouseEdgeRefused(() => createPack(asStaff(admin), packForm(justAbove)));
    // 7.40 % legendary: 99.97 %, below the price, is saved.
    const { packId } = await createPack(
      asStaff(admin),
      packForm({ common: "92.6", uncommon: "0", rare: "0", legendary: "7.4" }),
    );
    expect((await packRow(packId))!.rarityDistribution.legendary).toBe(7.4);
  });

  it("refuses an edit that would make the buyback reach the price, whatever the price", async () => {
    const packId = await makePack(db, { priceCents: 2_500 });
    for (const price of ["0.01", "25", "100000"]) {
      await expectHouseEdgeRefused(() =>
        updatePack(asStaff(admin), { ...packForm({ ...generous, price }), packId: String(packId) }),
      );
    }
  });
});

describe("deleting a pack", () => {
  it("deletes a pack without openings, with an audit row of what it was", async () => {
    const packId = await makePack(db, { name: "Doomed Pack" });
    expect(await deletePack(asStaff(admin), { packId: String(packId) })).toEqual({
      outcome: "deleted",
      openings: 0,
    });
    expect(await packRow(packId)).toBeUndefined();
    const [audit] = await auditFor(packId);
    expect(audit).toMatchObject({
      action: "pack.delete",
      before: { name: "Doomed Pack" },
      after: null,
    });
  });

  it("deactivates a pack that has openings instead, keeping the openings", async () => {
    const packId = await makePack(db, { name: "Opened Pack", priceCents: 1_000 });
    const opener = await fundedCollector(db, 5_000);
    await openPack(as(db, opener), { packId, idempotencyKey: randomUUID() });
    expect(await deletePack(asStaff(admin), { packId: String(packId) })).toEqual({
      outcome: "deactivated",
      openings: 1,
    });
    expect(await packRow(packId)).toMatchObject({ isActive: false });
    const [audit] = await auditFor(packId);
    expect(audit).toMatchObject({
      action: "pack.deactivate",
      before: { isActive: true },
      after: { isActive: false, openings: 1 },
    });
    expect(await loadPackDetail(db.ctx(), packId)).toBeNull();
    await expectLedgerBalanced(db);
  });
});

describe("who manages packs", () => {
  it("refuses a moderator every pack change with 403 and nothing changes", async () => {
    const packId = await makePack(db);
    const before = { packs: await allPacks(), audit: await auditRows() };
    const mod = asStaff(moderator, "moderator");
    for (const attempt of [
      () => createPack(mod, packForm()),
      () => updatePack(mod, { ...packForm(), packId: String(packId) }),
      () => deletePack(mod, { packId: String(packId) }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "forbidden", status: 403 });
    }
    expect({ packs: await allPacks(), audit: await auditRows() }).toEqual(before);
  });

  it("lists every pack, active and inactive, with openings, to staff", async () => {
    const hidden = await makePack(db, { name: "Hidden Vault Pack", isActive: false });
    const page = await listAllPacks(asStaff(moderator, "moderator"), {
      page: 1,
      q: "hidden vault",
    });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: hidden, isActive: false, openings: 0 });
    const all = await listAllPacks(asStaff(admin), { page: 1, q: "" });
    expect(all.rows.some((row) => row.openings === 1 && !row.isActive)).toBe(true);
  });
});

describe("the Packs tab's intents", () => {
  it("take the pack form's fields through the seam: create, update, and delete that says when it deactivated", async () => {
    const { intents } = packsTab;
    expect(intents["create-pack"]).toMatchObject({
      capability: "managePacks",
      successTitle: "Pack created successfully",
      errorTitle: "Error saving pack",
    });
    const name = `Form Pack ${randomUUID().slice(0, 6)}`;
    const createdAnswer = await postAdminForm(
      db,
      admin,
      "admin",
      "create-pack",
      packForm({ name }),
    );
    expect(createdAnswer).toMatchObject({ status: 302, location: "/admin?tab=packs" });
    const [created] = await db.db.select().from(packs).where(eq(packs.name, name));
    expect(created).toMatchObject({ priceCents: 1_250, availableCount: 0, isActive: false });

    const updated = await postAdminForm(db, admin, "admin", "update-pack", {
      ...packForm({ name, price: "7.77", isActive: null }),
      packId: String(created!.id),
    });
    expect(updated.status).toBe(302);
    expect(await packRow(created!.id)).toMatchObject({ priceCents: 777, isActive: false });

    const opened = await makePack(db, { priceCents: 1_000 });
    await openPack(as(db, await fundedCollector(db, 2_000)), {
      packId: opened,
      idempotencyKey: randomUUID(),
    });
    const deletePackIntent = intents["delete-pack"]!;
    const answer: unknown = await deletePackIntent.run(
      asStaff(admin),
      parsed(deletePackIntent.schema, { packId: String(opened) }),
    );
    expect(answer).toEqual({
      description:
        "The pack has 1 opening, so it was deactivated instead of deleted: hidden from the shop, its history kept.",
    });
    const plain: unknown = await deletePackIntent.run(
      asStaff(admin),
      parsed(deletePackIntent.schema, { packId: String(created!.id) }),
    );
    expect(plain).toBeUndefined();
    expect(await packRow(created!.id)).toBeUndefined();
  });

  it("loads the page with whether the role may manage packs", async () => {
    const search = new URLSearchParams("tab=packs&q=form+pack");
    expect(await packsTab.load(asStaff(admin), search)).toMatchObject({
      canManage: true,
      q: "form pack",
    });
    expect(await packsTab.load(asStaff(moderator, "moderator"), search)).toMatchObject({
      canManage: false,
    });
  });
});
