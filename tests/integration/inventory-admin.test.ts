// The admin's Inventory tab (docs/design.md "Inventory (real slabs)"): the slab list and its
// filters, a slab's custody history, receiving a slab into house stock, writing one off with a
// reason (audited; of two staff members acting on one slab, one wins), and the operator view.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { adminAuditLog, cards, slabEvents, slabs } from "~/.server/db/schema";
import { DomainError } from "~/.server/errors";
import { addSlab } from "~/.server/inventory/add-slab";
import { receiveSlab, writeOffSlab } from "~/.server/inventory/custody";
import { loadOperatorView } from "~/.server/inventory/operator-view";
import { listSlabs, slabDetail } from "~/.server/inventory/slab-list";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { fundedCollector, makePack, settle } from "../helpers/packs";
import { jpegWithGps, smallPng, svg, tempStorage } from "../helpers/photos";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const secondAdmin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");
let cardId: number;
beforeAll(async () => {
  const [card] = await db.db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: "Inventory Test Set",
      number: "58",
      name: "Zapdos Inventory",
      year: 1999,
      variant: "Holo",
    })
    .returning({ id: cards.id });
  cardId = card!.id;
});

const asStaff = (who: Collector, role: "admin" | "moderator" = "admin") =>
  db.ctx({ actor: { userId: who.id, role } satisfies Actor });

let certSerial = 0;
/** A slab of the test card in `state` (intake by default), a fresh PSA cert. */
async function takeIn(
  o: { state?: "intake" | "house_stock"; bin?: string; fmvCents?: number } = {},
): Promise<number> {
  const [slab] = await db.db
    .insert(slabs)
    .values({
      cardId,
      grader: "PSA",
      cert: String(80_000_000 + certSerial++),
      grade: 9,
      fmvCents: o.fmvCents ?? 2_000,
      costCents: 1_200,
      acquiredOn: "2026-10-01",
      bin: o.bin ?? "INV-1",
      state: o.state ?? "intake",
    })
    .returning({ id: slabs.id });
  return slab!.id;
}

const stateOf = async (slabId: number) =>
  (await db.db.select({ state: slabs.state }).from(slabs).where(eq(slabs.id, slabId)))[0]?.state;

describe("the slab list", () => {
  it("filters by state, grader, card or cert and bin, and names the cert's verification page", async () => {
    const inBin = await takeIn({ bin: "FILTER-7" });
    const other = await takeIn({ bin: "FILTER-8", state: "house_stock" });
    const ctx = asStaff(moderator, "moderator");

    const byBin = await listSlabs(ctx, { page: 1, bin: "filter-7" });
    expect(byBin.rows.map((row) => row.id)).toEqual([inBin]);
    expect(byBin.rows[0]).toMatchObject({
      grader: "PSA",
      state: "intake",
      card: { id: cardId, name: "Zapdos Inventory", variant: "Holo" },
      pack: null,
      owner: null,
    });
    expect(byBin.rows[0]!.verifyUrl).toBe(`https://www.psacard.com/cert/${byBin.rows[0]!.cert}`);

    const stock = await listSlabs(ctx, { page: 1, state: "house_stock", q: "zapdos inv" });
    expect(stock.rows.map((row) => row.id)).toContain(other);
    expect(stock.rows.map((row) => row.id)).not.toContain(inBin);

    const [slab] = await db.db.select({ cert: slabs.cert }).from(slabs).where(eq(slabs.id, other));
    const byCert = await listSlabs(ctx, { page: 1, q: slab!.cert });
    expect(byCert).toMatchObject({ total: 1, rows: [{ id: other }] });

    expect(await listSlabs(ctx, { page: 1, grader: "CGC", bin: "FILTER-7" })).toMatchObject({
      total: 0,
      rows: [],
    });
  });

  it("names the pack whose pool holds a slab and the collector who owns a pulled one", async () => {
    const packId = await makePack(db, {
      priceCents: 2_500,
      rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
      pool: { common: 2 },
    });
    const buyer = await fundedCollector(db, 2_500);
    const pull = await openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() });
    const ctx = asStaff(admin);
    const owned = await slabDetail(ctx, pull.card.slab!.id);
    expect(owned.state).toBe("owned");
    expect(owned.owner).toMatchObject({ id: buyer.id, email: buyer.email });
    expect(owned.history.map((e) => [e.fromState, e.toState])).toEqual([
      [null, "in_pool"],
      ["in_pool", "owned"],
    ]);
    const pooled = await listSlabs(ctx, { page: 1, state: "in_pool", q: "" });
    const stillPooled = pooled.rows.find((row) => row.pack?.id === packId);
    expect(stillPooled?.pack).toMatchObject({ id: packId, tier: "common" });
  });

  it("refuses anyone but staff, and a slab that does not exist is not found", async () => {
    const user = await makeCollector(db);
    const asUser = db.ctx({ actor: { userId: user.id, role: "user" } });
    await expect(listSlabs(asUser, { page: 1 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(slabDetail(asUser, 1)).rejects.toMatchObject({ code: "forbidden" });
    await expect(slabDetail(asStaff(admin), 2_000_000_000)).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
  });
});

describe("receiving a slab", () => {
  it("moves it from intake to house stock, records the move and audits it", async () => {
    const slabId = await takeIn();
    await receiveSlab(asStaff(admin), { slabId });
    expect(await stateOf(slabId)).toBe("house_stock");
    const detail = await slabDetail(asStaff(admin), slabId);
    expect(detail.history.map((e) => [e.fromState, e.toState])).toEqual([
      [null, "intake"],
      ["intake", "house_stock"],
    ]);
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, "inventory.receive"), eq(adminAuditLog.targetId, `${slabId}`)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, before: { state: "intake" } });
  });

  it("refuses a slab not in intake, a moderator and a missing slab, changing nothing", async () => {
    const stocked = await takeIn({ state: "house_stock" });
    await expect(receiveSlab(asStaff(admin), { slabId: stocked })).rejects.toMatchObject({
      code: "slab_state",
      status: 409,
      message: "This slab is house stock now, not intake: nothing was changed.",
    });
    const waiting = await takeIn();
    await expect(
      receiveSlab(asStaff(moderator, "moderator"), { slabId: waiting }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    expect(await stateOf(waiting)).toBe("intake");
    await expect(receiveSlab(asStaff(admin), { slabId: 2_000_000_000 })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("writing a slab off", () => {
  it("keeps the reason on the slab and in its history, and audits it", async () => {
    const slabId = await takeIn({ state: "house_stock" });
    await writeOffSlab(asStaff(admin), { slabId, reason: "Case cracked in the vault" });
    const [slab] = await db.db.select().from(slabs).where(eq(slabs.id, slabId));
    expect(slab).toMatchObject({
      state: "written_off",
      writeOffReason: "Case cracked in the vault",
    });
    const events = await db.db.select().from(slabEvents).where(eq(slabEvents.slabId, slabId));
    expect(events.at(-1)).toMatchObject({
      fromState: "house_stock",
      toState: "written_off",
      reason: "Case cracked in the vault",
    });
    const [audit] = await db.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, "inventory.write_off"),
          eq(adminAuditLog.targetId, `${slabId}`),
        ),
      );
    expect(audit).toMatchObject({
      before: { state: "house_stock" },
      after: { state: "written_off", reason: "Case cracked in the vault" },
    });
  });

  it("refuses a pooled or an already written-off slab and changes nothing", async () => {
    const packId = await makePack(db, {
      rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
      pool: { common: 1 },
    });
    const [pooled] = await db.db.select().from(slabs).where(eq(slabs.packId, packId));
    await expect(
      writeOffSlab(asStaff(admin), { slabId: pooled!.id, reason: "Lost" }),
    ).rejects.toMatchObject({
      code: "slab_state",
      message: "This slab is in a pack pool now, not intake or house stock: nothing was changed.",
    });
    expect(await stateOf(pooled!.id)).toBe("in_pool");
    const gone = await takeIn();
    await writeOffSlab(asStaff(admin), { slabId: gone, reason: "Returned to the seller" });
    await expect(
      writeOffSlab(asStaff(admin), { slabId: gone, reason: "Again" }),
    ).rejects.toMatchObject({ code: "slab_state", status: 409 });
    const [kept] = await db.db.select().from(slabs).where(eq(slabs.id, gone));
    expect(kept!.writeOffReason).toBe("Returned to the seller");
  });

  it("two admins acting on one slab at once: one wins, the other is refused, one history row", async () => {
    const slabId = await takeIn();
    const { fulfilled, rejected } = await settle([
      writeOffSlab(asStaff(admin), { slabId, reason: "Damaged on arrival" }),
      receiveSlab(asStaff(secondAdmin), { slabId }),
      writeOffSlab(asStaff(secondAdmin), { slabId, reason: "Lost" }),
    ]);
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(2);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: "slab_state", status: 409 });
    }
    const events = await db.db.select().from(slabEvents).where(eq(slabEvents.slabId, slabId));
    expect(events).toHaveLength(2);
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, `${slabId}`));
    expect(audits).toHaveLength(1);
  });
});

describe("the operator view", () => {
  it("values the house's inventory and gives each pack's pulls, buybacks and realised margin", async () => {
    const before = await loadOperatorView(asStaff(moderator, "moderator"));
    await takeIn({ fmvCents: 5_000 });
    const packId = await makePack(db, {
      name: `Margin Pack ${randomUUID().slice(0, 6)}`,
      priceCents: 2_500,
      rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
      pool: { common: 3 },
    });
    const pulls = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await fundedCollector(db, 2_500);
      pulls.push({
        buyer,
        pull: await openPack(as(db, buyer), { packId, idempotencyKey: randomUUID() }),
      });
    }
    const { buyer, pull } = pulls[0]!;
    await acceptBuyback(as(db, buyer), { offerId: pull.buyback.offerId });

    const view = await loadOperatorView(asStaff(moderator, "moderator"));
    const intake = (v: typeof view) => v.states.find((s) => s.state === "intake")!;
    expect(intake(view).slabs).toBe(intake(before).slabs + 1);
    expect(intake(view).fmvCents).toBe(intake(before).fmvCents + 5_000);
    expect(view.house.slabs).toBe(
      view.states
        .filter((s) => ["intake", "house_stock", "in_pool"].includes(s.state))
        .reduce((sum, s) => sum + s.slabs, 0),
    );
    const fmvOut = pulls.reduce((sum, p) => sum + p.pull.card.estimatedValueCents, 0);
    const paid = pull.buyback.amountCents;
    const pack = view.packs.find((p) => p.packId === packId);
    expect(pack).toEqual({
      packId,
      name: expect.stringMatching(/^Margin Pack /),
      pulls: 2,
      buybacks: 1,
      priceInCents: 5_000,
      fmvOutCents: fmvOut,
      buybackPaidCents: paid,
      buybackFmvCents: pull.card.estimatedValueCents,
      marginCents: 5_000 - fmvOut + (pull.card.estimatedValueCents - paid),
    });
  });

  it("is refused to anyone but staff", async () => {
    const user = await makeCollector(db);
    await expect(
      loadOperatorView(db.ctx({ actor: { userId: user.id, role: "user" } })),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("adding one slab by form", () => {
  const fields = (cert: string) => ({
    grader: "bgs",
    cert,
    card: String(cardId),
    grade: "9.5",
    cost: "11.00",
    fmv: "20.00",
    bin: "FORM-1",
  });

  it("takes it into intake with its front and back photos as stored files, audited", async () => {
    await makePack(db, { priceCents: 2_500, availableCount: 1 });
    const storage = await tempStorage();
    try {
      const uploads = [
        { name: "front.jpg", bytes: await jpegWithGps(800, 1200) },
        { name: "back.png", bytes: await smallPng(400, 600) },
      ];
      const { slabId } = await addSlab(asStaff(admin), {
        ...fields("5550001"),
        storage,
        uploads,
      });
      const detail = await slabDetail(asStaff(admin), slabId);
      expect(detail).toMatchObject({
        grader: "BGS",
        cert: "5550001",
        grade: 9.5,
        costCents: 1_100,
        fmvCents: 2_000,
        bin: "FORM-1",
        state: "intake",
        acquiredOn: "2026-11-01",
      });
      expect(detail.frontImageUrl).toMatch(/^\/media\/[0-9a-f]{64}-640\.webp$/);
      expect(detail.backImageUrl).toMatch(/^\/media\/[0-9a-f]{64}-640\.webp$/);
      const stored = await storage.files();
      expect(stored).toContain(detail.frontImageUrl!.slice("/media/".length));
      expect(stored).toContain(detail.backImageUrl!.slice("/media/".length));
      const [audit] = await db.db
        .select()
        .from(adminAuditLog)
        .where(
          and(eq(adminAuditLog.action, "inventory.add"), eq(adminAuditLog.targetId, `${slabId}`)),
        );
      expect(audit).toMatchObject({ actorId: admin.id, after: { grader: "BGS", cert: "5550001" } });
    } finally {
      await storage.destroy();
    }
  });

  it("refuses what the CSV refuses, a missing photo and a file that is no image: nothing stored", async () => {
    const storage = await tempStorage();
    const photos = async () => [
      { name: "front.png", bytes: await smallPng() },
      { name: "back.png", bytes: await smallPng(300, 400) },
    ];
    const before = (await db.db.select({ id: slabs.id }).from(slabs)).length;
    try {
      const refused = [
        [{ ...fields("5550002"), grader: "XYZ" }, 'Unknown grader "XYZ" (PSA, BGS, CGC or SGC)'],
        [
          { ...fields("5550002"), grader: "PSA", grade: "9.5" },
          /^Grade "9.5" is outside PSA's scale/,
        ],
        [fields("5550001"), /^Duplicate cert: BGS 5550001/],
        [{ ...fields("5550002"), card: "999999999" }, 'Unknown card "999999999"'],
        [{ ...fields("5550002"), fmv: "9000.00" }, "FMV fits no tier of any pack on sale"],
        [{ ...fields("5550002"), cost: "12,5" }, 'Malformed cost "12,5": dollars, like 120.50'],
      ] as const;
      for (const [input, message] of refused) {
        await expect(
          addSlab(asStaff(admin), { ...input, storage, uploads: await photos() }),
        ).rejects.toMatchObject({ code: "slab_refused", status: 400, message });
      }
      await expect(
        addSlab(asStaff(admin), {
          ...fields("5550002"),
          storage,
          uploads: (await photos()).slice(0, 1),
        }),
      ).rejects.toMatchObject({ code: "slab_photos", status: 400 });
      await expect(
        addSlab(asStaff(admin), {
          ...fields("5550002"),
          storage,
          uploads: [(await photos())[0]!, { name: "back.svg", bytes: svg() }],
        }),
      ).rejects.toMatchObject({ code: "invalid_photo", status: 400 });
      await expect(
        addSlab(asStaff(moderator, "moderator"), {
          ...fields("5550002"),
          storage,
          uploads: await photos(),
        }),
      ).rejects.toMatchObject({ code: "forbidden" });
      expect((await db.db.select({ id: slabs.id }).from(slabs)).length).toBe(before);
      expect(await storage.files()).toEqual([]);
    } finally {
      await storage.destroy();
    }
  });
});
