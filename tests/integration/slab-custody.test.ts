// A pulled slab's custody after the pull (docs/design.md "Inventory (real slabs)"): a buyback
// returns it to house stock, a redemption ships it (shipping out, redeemed once delivered, owned
// again if cancelled), a marketplace sale keeps it owned; every move is in its history, and
// the ledger checker's inventory rules hold after each.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/.server/context";
import { slabEvents, slabs, userCards } from "~/.server/db/schema";
import { listOwnRedemptions } from "~/.server/vault/redemptions-list";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { loadVault } from "~/.server/vault/vault";
import { listRedemptions } from "~/.server/admin/redemptions";
import { as, makeCollector } from "../helpers/commerce";
import { updateRedemptionForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { packPullsForFile } from "../helpers/pulls";
import { MAPLE_FALLS_SHIPPING as SHIPPING } from "../helpers/shipping";
import { expectLedgerBalanced, fundedCollector } from "../helpers/packs";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const { pullAt } = packPullsForFile(db, { availableCount: 20 });

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } satisfies Actor });
const slabOf = async (id: number) => (await db.db.select().from(slabs).where(eq(slabs.id, id)))[0]!;
const historyOf = async (id: number) =>
  (
    await db.db
      .select()
      .from(slabEvents)
      .where(eq(slabEvents.slabId, id))
      .orderBy(asc(slabEvents.id))
  ).map((e) => e.toState);

describe("a pulled slab's custody", () => {
  it("goes back to house stock when bought back, and can be pulled again only once pooled", async () => {
    const user = await fundedCollector(db, 2_500);
    const pull = await pullAt(user);
    const slabId = pull.card.slab!.id;
    expect(pull.card.estimatedValueCents).toBe((await slabOf(slabId)).fmvCents);

    await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId });

    expect(await slabOf(slabId)).toMatchObject({ state: "house_stock", packId: null });
    expect(await historyOf(slabId)).toEqual(["in_pool", "owned", "house_stock"]);
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, pull.card.id));
    // The sold card keeps its slab as history; it holds it no more.
    expect(card).toMatchObject({ status: "sold", slabId });
    await expectLedgerBalanced(db);
  });

  it("ships with its redemption: grader and cert on both sides, redeemed once delivered", async () => {
    const user = await fundedCollector(db, 2_500);
    const pull = await pullAt(user);
    const slabId = pull.card.slab!.id;
    const { redemptionId } = await requestRedemption(as(db, user), {
      cardId: pull.card.id,
      ...SHIPPING,
    });
    const slab = await slabOf(slabId);
    expect(slab.state).toBe("shipping_out");

    const [own] = await listOwnRedemptions(as(db, user));
    expect(own!.slab).toMatchObject({ grader: slab.grader, cert: slab.cert });
    // The packer finds the slab by its cert and reads where it sits.
    const { rows } = await listRedemptions(asAdmin(), { page: 1, q: slab.cert });
    expect(rows.map((r) => r.id)).toEqual([redemptionId]);
    expect(rows[0]!.slab).toMatchObject({
      grader: slab.grader,
      cert: slab.cert,
      bin: slab.bin,
    });

    const set = (status: string) => ({
      redemptionId: String(redemptionId),
      status,
      trackingNumber: "1Z999",
    });
    await updateRedemptionForm(asAdmin(), set("shipped"));
    await updateRedemptionForm(asAdmin(), set("delivered"));
    expect((await slabOf(slabId)).state).toBe("redeemed");
    await expectLedgerBalanced(db);
    await updateRedemptionForm(asAdmin(), set("cancelled"));
    expect((await slabOf(slabId)).state).toBe("owned");
    expect(await historyOf(slabId)).toEqual([
      "in_pool",
      "owned",
      "shipping_out",
      "redeemed",
      "owned",
    ]);
    await expectLedgerBalanced(db);
  });

  it("shows grader, cert and the grader's verification link in the vault", async () => {
    const user = await fundedCollector(db, 2_500);
    const pull = await pullAt(user);
    const vault = await loadVault(as(db, user));
    const slab = await slabOf(pull.card.slab!.id);
    expect(vault.cards[0]).toMatchObject({
      certNumber: slab.cert,
      slab: {
        grader: "PSA",
        cert: slab.cert,
        verifyUrl: `https://www.psacard.com/cert/${slab.cert}`,
      },
    });
  });

  it("shows a card issued before inventory-backed packs without any cert", async () => {
    const user = await makeCollector(db);
    await db.db.insert(userCards).values({
      userId: user.id,
      cardName: "Old Pull",
      cardDescription: "-",
      category: "Trading Cards",
      packCategory: "Pokemon",
      rarity: "common",
      grade: 9.3,
      estimatedValueCents: 2_000,
    });
    const vault = await loadVault(as(db, user));
    expect(vault.cards[0]).toMatchObject({ certNumber: null, slab: null });
  });
});
