import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listRedemptions } from "~/.server/admin/redemptions";
import type { Actor } from "~/.server/context";
import { buybackOffers, redemptions, userCards } from "~/.server/db/schema";
import { listOwnRedemptions } from "~/.server/vault/redemptions-list";
import { requestRedemption } from "~/.server/vault/redemption";
import { redemptionsTab } from "~/routes/+admin/redemptions.server";
import { as, makeCollector } from "../helpers/commerce";
import {
  updateRedemptionForm,
  expectFormRefusedUnchanged,
  auditRowsFor,
} from "../helpers/admin-form";
import { parsed } from "../helpers/forms";
import { redemptionSchema } from "~/lib/schemas/redemption";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { buybackOn, cardRow, expectRefusedUnchanged, listCard, vaultCard } from "../helpers/market";
import { expectLedgerBalanced } from "../helpers/packs";
import { springfieldShipping } from "../helpers/shipping";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");

const at = (iso: string) => new Date(iso);
const asAdminAt = (now: Date) =>
  db.ctx({ actor: { userId: admin.id, role: "admin" } satisfies Actor, now });
const redemptionRow = async (id: number) =>
  (await db.db.select().from(redemptions).where(eq(redemptions.id, id)))[0]!;
const auditFor = (id: number) => auditRowsFor(db, id, "oldest first");

/** A collector who redeemed a vaulted card through the vault: the owner, card and redemption. */
async function redeemed(name = "Shipped Charizard") {
  const owner = await makeCollector(db);
  const cardId = await vaultCard(db, owner, { name });
  const { redemptionId } = await requestRedemption(
    as(db, owner),
    parsed(redemptionSchema, {
      cardId: String(cardId),
      ...springfieldShipping(),
    }),
  );
  return { owner, cardId, redemptionId };
}

const set = (redemptionId: number, status: string, trackingNumber = "") => ({
  redemptionId: String(redemptionId),
  status,
  trackingNumber,
});

describe("updating a redemption", () => {
  it("sets status and tracking number, stamping shipped_at and delivered_at on the first move only", async () => {
    const { owner, redemptionId } = await redeemed();
    /** Staff move the redemption to `status` (and `tracking`) at `when`. */
    const moveAt = (when: Date, status: string, tracking?: string) =>
      updateRedemptionForm(asAdminAt(when), set(redemptionId, status, tracking));
    await moveAt(at("2026-11-02T10:00:00Z"), "processing");
    expect(await redemptionRow(redemptionId)).toMatchObject({
      status: "processing",
      shippedAt: null,
      deliveredAt: null,
    });

    const shipped = at("2026-11-03T10:00:00Z");
    await moveAt(shipped, "shipped", " 1Z999AA10123456784 ");
    expect(await redemptionRow(redemptionId)).toMatchObject({
      status: "shipped",
      trackingNumber: "1Z999AA10123456784",
      shippedAt: shipped,
      deliveredAt: null,
    });

    // Back to processing and shipped again: the first shipping date stays.
    await moveAt(at("2026-11-04T10:00:00Z"), "processing", "1Z999AA10123456784");
    await moveAt(at("2026-11-05T10:00:00Z"), "shipped", "1Z999AA10123456785");
    expect(await redemptionRow(redemptionId)).toMatchObject({
      shippedAt: shipped,
      trackingNumber: "1Z999AA10123456785",
    });

    const delivered = at("2026-11-06T10:00:00Z");
    await moveAt(delivered, "delivered", "1Z999AA10123456785");
    await moveAt(at("2026-11-07T10:00:00Z"), "shipped", "1Z999AA10123456785");
    await moveAt(at("2026-11-08T10:00:00Z"), "delivered", "1Z999AA10123456785");
    expect(await redemptionRow(redemptionId)).toMatchObject({
      status: "delivered",
      shippedAt: shipped,
      deliveredAt: delivered,
    });

    const audit = await auditFor(redemptionId);
    expect(audit).toHaveLength(7);
    expect(audit[1]).toMatchObject({
      actorId: admin.id,
      action: "redemption.update",
      targetType: "redemption",
      before: {
        status: "processing",
        trackingNumber: null,
        shippedAt: null,
        cardStatus: "redeemed",
      },
      after: {
        status: "shipped",
        trackingNumber: "1Z999AA10123456784",
        shippedAt: shipped.toISOString(),
        cardStatus: "redeemed",
      },
    });

    // The owner sees the status and the tracking number.
    const own = await listOwnRedemptions(as(db, owner));
    expect(own).toEqual([
      expect.objectContaining({
        id: redemptionId,
        cardName: "Shipped Charizard",
        status: "delivered",
        trackingNumber: "1Z999AA10123456785",
        shippedAt: shipped,
        deliveredAt: delivered,
      }),
    ]);
  });

  it("stamps delivered_at alone when a redemption goes straight to delivered", async () => {
    const { redemptionId } = await redeemed();
    const now = at("2026-11-09T10:00:00Z");
    await updateRedemptionForm(asAdminAt(now), set(redemptionId, "delivered"));
    expect(await redemptionRow(redemptionId)).toMatchObject({ shippedAt: null, deliveredAt: now });
  });

  it("writes nothing when nothing changes", async () => {
    const { redemptionId } = await redeemed();
    await updateRedemptionForm(asAdminAt(at("2026-11-02T10:00:00Z")), set(redemptionId, "pending"));
    expect(await auditFor(redemptionId)).toEqual([]);
  });

  it("cancelling returns the card to its owner's vault; reopening takes it out again", async () => {
    const { owner, cardId, redemptionId } = await redeemed();
    await updateRedemptionForm(
      asAdminAt(at("2026-11-02T10:00:00Z")),
      set(redemptionId, "cancelled"),
    );
    expect(await cardRow(db, cardId)).toMatchObject({ userId: owner.id, status: "vaulted" });
    const [cancel] = await auditFor(redemptionId);
    expect(cancel).toMatchObject({
      before: { status: "pending", cardStatus: "redeemed" },
      after: { status: "cancelled", cardStatus: "vaulted" },
    });
    await expectLedgerBalanced(db);

    // A buyback offer made while it was back in the vault is cancelled when it leaves again.
    const offerId = await buybackOn(db, owner, cardId);
    await updateRedemptionForm(
      asAdminAt(at("2026-11-03T10:00:00Z")),
      set(redemptionId, "processing"),
    );
    expect(await cardRow(db, cardId)).toMatchObject({ status: "redeemed" });
    expect(await redemptionRow(redemptionId)).toMatchObject({ status: "processing" });
    const [offer] = await db.db.select().from(buybackOffers).where(eq(buybackOffers.id, offerId));
    expect(offer).toMatchObject({ status: "cancelled" });
    await expectLedgerBalanced(db);
  });

  it("refuses to reopen a cancelled redemption whose card left the vault, and changes nothing", async () => {
    const { owner, cardId, redemptionId } = await redeemed();
    await updateRedemptionForm(
      asAdminAt(at("2026-11-02T10:00:00Z")),
      set(redemptionId, "cancelled"),
    );
    await listCard(db, owner, cardId, "30.00");
    await expectRefusedUnchanged(
      db,
      () =>
        updateRedemptionForm(
          asAdminAt(at("2026-11-03T10:00:00Z")),
          set(redemptionId, "shipped", "TRACK123"),
        ),
      {
        code: "card_not_in_vault",
        status: 409,
        message:
          "The card is no longer in its owner's vault (it was listed, sold or redeemed again), so this redemption cannot be reopened.",
      },
    );
    expect(await auditFor(redemptionId)).toHaveLength(1);
  });

  it("refuses to cancel when the card is no longer redeemed by its owner, and changes nothing", async () => {
    const { cardId, redemptionId } = await redeemed();
    // A card that is not held for the redemption any more (an inconsistency the admin must not paper over).
    await db.db.update(userCards).set({ status: "sold" }).where(eq(userCards.id, cardId));
    await expectRefusedUnchanged(
      db,
      () =>
        updateRedemptionForm(asAdminAt(at("2026-11-02T10:00:00Z")), set(redemptionId, "cancelled")),
      { code: "card_not_redeemed", status: 409 },
    );
  });

  it("refuses bad input with a clear 400 and a missing redemption with 404", async () => {
    const { redemptionId } = await redeemed();
    await expectFormRefusedUnchanged(
      db,
      admin,
      "update-redemption",
      set(redemptionId, "lost"),
      "Status must be pending, processing, shipped, delivered or cancelled",
    );
    await expectFormRefusedUnchanged(
      db,
      admin,
      "update-redemption",
      set(redemptionId, "shipped", "x".repeat(65)),
      "Tracking number must be at most 64 characters",
    );
    await expectRefusedUnchanged(
      db,
      () => updateRedemptionForm(asAdminAt(at("2026-11-02T10:00:00Z")), set(999_999, "shipped")),
      { code: "redemption_not_found", status: 404 },
    );
  });

  it("refuses a moderator with 403 and changes nothing", async () => {
    const { redemptionId } = await redeemed();
    await expectRefusedUnchanged(
      db,
      () =>
        updateRedemptionForm(
          db.ctx({ actor: { userId: moderator.id, role: "moderator" } }),
          set(redemptionId, "shipped", "1Z999"),
        ),
      { code: "forbidden", status: 403 },
    );
    expect(await auditFor(redemptionId)).toEqual([]);
  });
});

describe("the redemptions table", () => {
  it("lists redemptions with card, owner and address, searchable, to staff", async () => {
    const { owner, redemptionId } = await redeemed("Findable Lugia");
    const page = await listRedemptions(
      db.ctx({ actor: { userId: moderator.id, role: "moderator" } }),
      {
        page: 1,
        q: "findable",
      },
    );
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: redemptionId,
      status: "pending",
      card: { name: "Findable Lugia", status: "redeemed" },
      ownerId: owner.id,
      ownerEmail: owner.email,
      shipping: {
        name: "Ada Collector",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        country: "USA",
      },
    });
    const newest = await listRedemptions(asAdminAt(at("2026-11-02T10:00:00Z")), { page: 1, q: "" });
    expect(newest.rows[0]!.id).toBe(redemptionId);
    expect(newest.total).toBeGreaterThan(5);
    const sorted = [...newest.rows].sort((a, b) => +b.requestedAt - +a.requestedAt);
    expect(newest.rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
  });
});

describe("the Redemptions tab", () => {
  it("posts status and tracking number through its intent and tells the page who may update", async () => {
    const { redemptionId } = await redeemed();
    const form = new FormData();
    form.set("redemptionId", String(redemptionId));
    form.set("status", "shipped");
    form.set("trackingNumber", "9400 1000 0000 0000 0000 00");
    const intent = redemptionsTab.intents["update-redemption"]!;
    expect(intent).toMatchObject({
      capability: "manageRedemptions",
      successTitle: "Redemption updated successfully",
      errorTitle: "Error updating redemption",
    });
    await intent.run(
      asAdminAt(at("2026-11-02T10:00:00Z")),
      parsed(intent.schema, Object.fromEntries(form)),
    );
    expect(await redemptionRow(redemptionId)).toMatchObject({
      status: "shipped",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    const search = new URLSearchParams("tab=redemptions");
    expect(await redemptionsTab.load(asAdminAt(new Date()), search)).toMatchObject({
      canManage: true,
    });
    expect(
      await redemptionsTab.load(
        db.ctx({ actor: { userId: moderator.id, role: "moderator" } }),
        search,
      ),
    ).toMatchObject({ canManage: false });
  });
});
