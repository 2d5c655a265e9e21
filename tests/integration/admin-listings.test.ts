import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAllListings } from "~/.server/admin/listings";
import type { Actor } from "~/.server/context";
import { listings } from "~/.server/db/schema";
import { buyNow } from "~/.server/market/settlement";
import { listingsTab } from "~/routes/+admin/listings.server";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { deleteListingForm, expectFormRefusedUnchanged, auditRowsFor } from "../helpers/admin-form";
import { parsed } from "../helpers/forms";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import {
  buyerWith,
  buyOffer,
  cardRow,
  expectMarketConsistent,
  expectRefusedUnchanged,
  listCard,
  listedCard,
  listingRow,
  listPhysical,
  offerRow,
  tradeRow,
  vaultCard,
  offerCards,
} from "../helpers/market";
import { expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();
const admin = staffForFile(db, "admin");
const moderator = staffForFile(db, "moderator");

const asStaff = (person: Collector, role: "admin" | "moderator" | "user" = "admin") =>
  db.ctx({ actor: { userId: person.id, role } satisfies Actor });
const auditFor = (id: number) => auditRowsFor(db, id, "newest first");

describe("deleting a listing", () => {
  it("removes it, returns its card to the vault and declines pending offers and trades, with an audit row", async () => {
    const { seller, cardId, listingId } = await listedCard(db, "40.00");
    const offerId = await buyOffer(db, await buyerWith(db, 10_000), listingId, "30.00");
    const trader = await makeCollector(db);
    const traderCard = await vaultCard(db, trader, { name: "Trade bait" });
    const { tradeRequestId } = await offerCards(db, trader, listingId, [traderCard]);

    await deleteListingForm(asStaff(admin), { listingId: String(listingId) });

    const listing = await listingRow(db, listingId);
    expect(listing).toMatchObject({ status: "removed" });
    expect(listing.closedAt).not.toBeNull();
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: seller.id,
      status: "vaulted",
      listingId: null,
    });
    expect(await offerRow(db, offerId)).toMatchObject({ status: "declined" });
    expect(await tradeRow(db, tradeRequestId)).toMatchObject({ status: "declined" });
    // The trader's card never left their vault.
    expect(await cardRow(db, traderCard)).toMatchObject({ userId: trader.id, status: "vaulted" });

    const [audit] = await auditFor(listingId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      action: "listing.delete",
      targetType: "listing",
      before: { status: "active", title: "Graded Charizard", priceCents: 4_000, cardId },
      after: { status: "removed", cardReturnedToVault: true, offersDeclined: 2 },
    });
    await expectMarketConsistent(db);
    await expectLedgerBalanced(db);
  });

  it("lets a moderator delete a physical item's listing", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "15.00");
    await deleteListingForm(asStaff(moderator, "moderator"), { listingId: String(listingId) });
    expect(await listingRow(db, listingId)).toMatchObject({ status: "removed" });
    const [audit] = await auditFor(listingId);
    expect(audit).toMatchObject({
      actorId: moderator.id,
      actorRole: "moderator",
      action: "listing.delete",
      after: { status: "removed", cardReturnedToVault: false, offersDeclined: 0 },
    });
  });

  it("refuses a sold listing with a clear 409 and changes nothing", async () => {
    const { listingId } = await listedCard(db, "20.00");
    const buyer = await buyerWith(db, 5_000);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 2_000 });
    await expectRefusedUnchanged(
      db,
      () => deleteListingForm(asStaff(admin), { listingId: String(listingId) }),
      {
        code: "listing_closed",
        status: 409,
        message:
          "This listing was sold, so it cannot be deleted. Only active listings can be deleted.",
      },
    );
    expect(await auditFor(listingId)).toEqual([]);
  });

  it("refuses a second deletion, a missing listing and a bad id", async () => {
    const { listingId } = await listedCard(db);
    await deleteListingForm(asStaff(admin), { listingId: String(listingId) });
    await expectRefusedUnchanged(
      db,
      () => deleteListingForm(asStaff(admin), { listingId: String(listingId) }),
      { code: "listing_closed", status: 409 },
    );
    await expectRefusedUnchanged(
      db,
      () => deleteListingForm(asStaff(admin), { listingId: "999999" }),
      {
        code: "listing_not_found",
        status: 404,
      },
    );
    for (const bad of ["", "12abc", "-1", "1.5"]) {
      await expectFormRefusedUnchanged(
        db,
        admin,
        "delete-listing",
        { listingId: bad },
        "Listing is not valid",
      );
    }
  });

  it("refuses a user with 403 and changes nothing", async () => {
    const { listingId } = await listedCard(db);
    const user = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () => deleteListingForm(asStaff(user, "user"), { listingId: String(listingId) }),
      { code: "forbidden", status: 403 },
    );
    await expectRefusedUnchanged(
      db,
      () => deleteListingForm(db.ctx({ actor: null }), { listingId: String(listingId) }),
      { code: "forbidden", status: 403 },
    );
  });
});

describe("the listings table", () => {
  it("lists every status with seller, card and pending offers, searches titles and sellers", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller, { name: "Searchable Mewtwo" });
    const listingId = await listCard(db, seller, cardId, "55.00");
    await buyOffer(db, await buyerWith(db, 10_000), listingId, "50.00");
    await db.db
      .update(listings)
      .set({ title: "Zyx unique title" })
      .where(eq(listings.id, listingId));

    const page = await listAllListings(asStaff(moderator, "moderator"), {
      page: 1,
      q: "zyx unique",
    });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: listingId,
      title: "Zyx unique title",
      priceCents: 5_500,
      status: "active",
      sellerId: seller.id,
      sellerEmail: seller.email,
      card: { id: cardId, name: "Searchable Mewtwo", status: "listed" },
      pendingOffers: 1,
    });
    const bySeller = await listAllListings(asStaff(admin), { page: 1, q: seller.email });
    expect(bySeller.rows.map((row) => row.id)).toEqual([listingId]);

    const all = await listAllListings(asStaff(admin), { page: 1, q: "" });
    expect(new Set(all.rows.map((row) => row.status))).toEqual(
      new Set(["active", "removed", "sold"]),
    );
    expect(all.total).toBe(all.rows.length);
  });

  it("is for staff only", async () => {
    const user = await makeCollector(db);
    await expect(listAllListings(asStaff(user, "user"), { page: 1, q: "" })).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
  });
});

describe("the Listings tab", () => {
  it("posts its delete form through its intent and lets both staff roles delete", async () => {
    const { cardId, listingId } = await listedCard(db);
    const intent = listingsTab.intents["delete-listing"]!;
    expect(intent).toMatchObject({
      capability: "deleteListing",
      successTitle: "Listing deleted successfully",
      errorTitle: "Error deleting listing",
    });
    const form = new FormData();
    form.set("listingId", String(listingId));
    await intent.run(
      asStaff(moderator, "moderator"),
      parsed(intent.schema, Object.fromEntries(form)),
    );
    expect(await listingRow(db, listingId)).toMatchObject({ status: "removed" });
    expect(await cardRow(db, cardId)).toMatchObject({ status: "vaulted" });
    const search = new URLSearchParams("tab=listings");
    expect(await listingsTab.load(asStaff(moderator, "moderator"), search)).toMatchObject({
      canDelete: true,
    });
  });
});
