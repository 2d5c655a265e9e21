// Listings (docs/product/market.md "Listings"): creating one
// from a vault card or for a physical item, the spec's validation messages, stored XSS, image
// links refused, the card's status while listed, repricing and cancelling, and refusals to anyone but
// the seller (nothing changed).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buybackOffers } from "~/.server/db/schema";
import {
  browseListings,
  cancelListing,
  createListing,
  loadListing,
  updateListingPrice,
} from "~/.server/market/listings";
import { endOffer, makeOffer } from "~/.server/market/offers";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buybackOn,
  buyerWith,
  cardRow,
  expectMarketConsistent,
  expectRefusedUnchanged,
  listCard,
  listedCard,
  listingForm,
  listingRow,
  listPhysical,
  offerRow,
  tradeRow,
  vaultCard,
  offerCards,
} from "../helpers/market";
import { expectLedgerBalanced } from "../helpers/packs";
import { parsed, refusalOf } from "../helpers/forms";
import { createListingSchema, makeOfferSchema } from "~/lib/schemas/market";
import { redemptionSchema } from "~/lib/schemas/redemption";

const db = databaseForFile();

const XSS_TITLE = "<script>alert(1)</script>";
const IMAGE_LINK_REFUSED = "Image links are no longer accepted: upload photos of the item instead";
const XSS_DESCRIPTION = '"><img src=x onerror=alert(1)>';

describe("creating a listing", () => {
  it("links a vault card: the card becomes listed with the listing id, its buyback is cancelled", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    const offerId = await buybackOn(db, seller, cardId);

    const { listingId } = await createListing(
      as(db, seller),
      parsed(createListingSchema, listingForm({ price: "25.50", cardId: String(cardId) })),
    );

    expect(await listingRow(db, listingId)).toMatchObject({
      userId: seller.id,
      title: "Graded Charizard",
      description: "A graded card straight from a pack",
      priceCents: 2_550,
      category: "Pokemon",
      condition: "Mint",
      imageUrl: null,
      status: "active",
      cardId,
    });
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: seller.id,
      status: "listed",
      listingId,
    });
    const [offer] = await db.db.select().from(buybackOffers).where(eq(buybackOffers.id, offerId));
    expect(offer!.status).toBe("cancelled");
    await expectMarketConsistent(db);
  });

  it("creates a physical item listing without a card, trimmed", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "20", {
      title: "  Sealed booster box  ",
      description: "  Factory sealed, never opened  ",
      category: "Magic: The Gathering",
      condition: "Near Mint",
    });
    expect(await listingRow(db, listingId)).toMatchObject({
      title: "Sealed booster box",
      description: "Factory sealed, never opened",
      priceCents: 2_000,
      category: "Magic: The Gathering",
      condition: "Near Mint",
      cardId: null,
      status: "active",
    });
  });

  it("refuses a visitor with 'Please sign in to create a listing'", async () => {
    await expectRefusedUnchanged(
      db,
      () => createListing(db.ctx(), parsed(createListingSchema, listingForm())),
      {
        code: "not_signed_in",
        status: 401,
        message: "Please sign in to create a listing",
      },
    );
  });

  it.each([
    ["title", { title: "ab" }, "Title must be at least 3 characters"],
    ["title of spaces", { title: "   ab   " }, "Title must be at least 3 characters"],
    ["missing title", { title: undefined }, "Title must be at least 3 characters"],
    ["description", { description: "too short" }, "Description must be at least 10 characters"],
    ["missing price", { price: "" }, "Price is required"],
    ["missing category", { category: "" }, "Category is required"],
    ["unknown category", { category: "Baseball" }, "Category is required"],
    ["missing condition", { condition: "" }, "Condition is required"],
    ["unknown condition", { condition: "Like New" }, "Condition is required"],
    ["javascript: image URL", { imageUrl: "javascript:alert(1)" }, IMAGE_LINK_REFUSED],
    ["https image URL", { imageUrl: "https://example.com/a.png" }, IMAGE_LINK_REFUSED],
    ["http image URL", { imageUrl: "http://example.com/a.png" }, IMAGE_LINK_REFUSED],
  ])("the form's schema refuses a bad %s with the spec's message", (_, fields, message) => {
    // Parsed at the seam before createListing runs (docs/decisions/013-parsing-once-at-the-seam.md).
    expect(refusalOf(createListingSchema, listingForm(fields as Record<string, string>))).toEqual(
      message,
    );
  });

  it("reports the title first when every field is wrong", () => {
    expect(
      refusalOf(createListingSchema, {
        title: "",
        description: "",
        price: "",
        category: "",
        condition: "",
        imageUrl: "ftp://x",
      }),
    ).toEqual("Title must be at least 3 characters");
  });

  it("accepts prices to the cent and refuses other amounts", async () => {
    const seller = await makeCollector(db);
    const cheap = await listPhysical(db, seller, "0.01");
    expect((await listingRow(db, cheap)).priceCents).toBe(1);
    for (const price of ["0", "0.001", "-5", "abc", "1e3", "10000000.01"]) {
      expect(
        refusalOf(createListingSchema, listingForm({ price })),
        `price ${price}`,
      ).not.toBeNull();
    }
  });

  it("stores XSS payloads in title and description verbatim, as text", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "12.00", {
      title: XSS_TITLE,
      description: XSS_DESCRIPTION,
    });
    expect(await listingRow(db, listingId)).toMatchObject({
      title: XSS_TITLE,
      description: XSS_DESCRIPTION,
    });
    const detail = await loadListing(db.ctx(), listingId);
    expect(detail).toMatchObject({ title: XSS_TITLE, description: XSS_DESCRIPTION });
    const page = await browseListings(db.ctx(), { q: "<script>", sort: "recent", page: 1 });
    expect(page.listings.map((l) => l.title)).toContain(XSS_TITLE);
  });

  it("stores an empty image URL as null (links are refused above)", async () => {
    const seller = await makeCollector(db);
    const blank = await listPhysical(db, seller, "5", { imageUrl: "   " });
    expect((await listingRow(db, blank)).imageUrl).toBeNull();
    const missing = await listPhysical(db, seller, "5", { imageUrl: undefined });
    expect((await listingRow(db, missing)).imageUrl).toBeNull();
  });
});

describe("a listed card", () => {
  it("cannot be listed twice (409, nothing changed)", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    await listCard(db, seller, cardId);
    await expectRefusedUnchanged(db, () => listCard(db, seller, cardId), {
      code: "card_not_vaulted",
      status: 409,
      message: "This card is no longer in your vault",
    });
  });

  it("cannot be bought back or redeemed", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    const offerId = await buybackOn(db, seller, cardId);
    await listCard(db, seller, cardId);

    await expectRefusedUnchanged(db, () => acceptBuyback(as(db, seller), { offerId }), {
      code: "no_active_offer",
      status: 409,
      message: "No active buyback offer found",
    });
    await expectRefusedUnchanged(
      db,
      () =>
        requestRedemption(
          as(db, seller),
          parsed(redemptionSchema, {
            cardId: String(cardId),
            shippingName: "Casey Collector",
            shippingAddress: "1 Main St",
            shippingCity: "Springfield",
            shippingState: "IL",
            shippingZip: "62701",
          }),
        ),
      { code: "card_not_vaulted", status: 409 },
    );
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("cannot be someone else's", async () => {
    const owner = await makeCollector(db);
    const thief = await makeCollector(db);
    const cardId = await vaultCard(db, owner);
    await expectRefusedUnchanged(db, () => listCard(db, thief, cardId), {
      code: "card_not_vaulted",
      status: 409,
    });
    expect(await cardRow(db, cardId)).toMatchObject({ userId: owner.id, status: "vaulted" });
  });

  it("cannot be a card that does not exist", async () => {
    const seller = await makeCollector(db);
    await expectRefusedUnchanged(db, () => listCard(db, seller, 2_000_000_000), {
      code: "card_not_vaulted",
      status: 409,
    });
  });
});

describe("repricing and cancelling", () => {
  it("lets the seller change the price of an active listing", async () => {
    const { seller, listingId } = await listedCard(db, "25.00");
    await updateListingPrice(as(db, seller), { listingId, priceCents: 3_005 });
    expect((await listingRow(db, listingId)).priceCents).toBe(3_005);
  });

  it("cancelling returns the card to the vault and declines pending offers and trades", async () => {
    const { seller, cardId, listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 10_000);
    const trader = await makeCollector(db);
    const traderCard = await vaultCard(db, trader, { name: "Offered Blastoise" });
    const offerId = await buyOffer(db, buyer, listingId, "20.00");
    const { tradeRequestId } = await offerCards(db, trader, listingId, [traderCard]);

    await cancelListing(as(db, seller), { listingId });

    expect(await listingRow(db, listingId)).toMatchObject({ status: "cancelled" });
    expect((await listingRow(db, listingId)).closedAt).toBeInstanceOf(Date);
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: seller.id,
      status: "vaulted",
      listingId: null,
    });
    expect((await offerRow(db, offerId)).status).toBe("declined");
    expect((await tradeRow(db, tradeRequestId)).status).toBe("declined");
    expect(await cardRow(db, traderCard)).toMatchObject({ userId: trader.id, status: "vaulted" });
    // The card is back: it can be listed again.
    const again = await listCard(db, seller, cardId);
    expect(await cardRow(db, cardId)).toMatchObject({ status: "listed", listingId: again });
    await expectMarketConsistent(db);
  });

  it("cancelling leaves withdrawn and declined offers as they were", async () => {
    const { seller, listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 10_000);
    const withdrawn = await buyOffer(db, buyer, listingId, "20.00");
    await endOffer(as(db, buyer), { offerId: withdrawn, as: "sender" });
    await cancelListing(as(db, seller), { listingId });
    expect((await offerRow(db, withdrawn)).status).toBe("withdrawn");
  });

  it("refuses to reprice or cancel someone else's listing (403), changing nothing", async () => {
    const { listingId } = await listedCard(db);
    const stranger = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () => updateListingPrice(as(db, stranger), { listingId, priceCents: 100 }),
      { code: "not_your_listing", status: 403 },
    );
    await expectRefusedUnchanged(db, () => cancelListing(as(db, stranger), { listingId }), {
      code: "not_your_listing",
      status: 403,
    });
  });

  it("refuses a visitor, and a closed or unknown listing", async () => {
    const { seller, listingId } = await listedCard(db);
    await expectRefusedUnchanged(db, () => cancelListing(db.ctx(), { listingId }), {
      code: "not_signed_in",
      status: 401,
    });
    await expectRefusedUnchanged(
      db,
      () => updateListingPrice(db.ctx(), { listingId, priceCents: 300 }),
      { code: "not_signed_in", status: 401 },
    );
    await cancelListing(as(db, seller), { listingId });
    await expectRefusedUnchanged(db, () => cancelListing(as(db, seller), { listingId }), {
      code: "listing_unavailable",
      status: 409,
    });
    await expectRefusedUnchanged(
      db,
      () => updateListingPrice(as(db, seller), { listingId, priceCents: 300 }),
      { code: "listing_unavailable", status: 409 },
    );
    await expectRefusedUnchanged(
      db,
      () => cancelListing(as(db, seller), { listingId: 2_000_000_000 }),
      { code: "listing_not_found", status: 404 },
    );
  });
});

describe("reading listings", () => {
  it("browses active listings: search on title or description, literal and case-insensitive; sorts", async () => {
    const seller = await makeCollector(db);
    const tag = `zq${Date.now().toString(36)}`;
    const a = await listPhysical(db, seller, "30", { title: `Alpha ${tag} binder` });
    const b = await listPhysical(db, seller, "10", {
      description: `A ${tag.toUpperCase()} sleeve, 100% new`,
    });
    const c = await listPhysical(db, seller, "20", { title: `Gamma ${tag}` });
    await cancelListing(as(db, seller), { listingId: c });

    const found = await browseListings(db.ctx(), { q: tag, sort: "recent", page: 1 });
    expect(found.total).toBe(2);
    expect(found.listings.map((l) => l.id)).toEqual([b, a]);
    const cheap = await browseListings(db.ctx(), { q: tag, sort: "price_asc", page: 1 });
    expect(cheap.listings.map((l) => l.id)).toEqual([b, a]);
    const dear = await browseListings(db.ctx(), { q: tag, sort: "price_desc", page: 1 });
    expect(dear.listings.map((l) => l.id)).toEqual([a, b]);
    const percent = await browseListings(db.ctx(), { q: "100%", sort: "recent", page: 1 });
    expect(percent.listings.map((l) => l.id)).toContain(b);
    const none = await browseListings(db.ctx(), { q: `${tag}%_x`, sort: "recent", page: 1 });
    expect(none.total).toBe(0);
  });

  it("shows a listing's seller, card and pending offers (counted for the seller only)", async () => {
    const { seller, cardId, listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 5_000);
    await buyOffer(db, buyer, listingId, "10.00");

    const own = await loadListing(as(db, seller), listingId);
    expect(own).toMatchObject({
      id: listingId,
      isOwn: true,
      pendingOffers: 1,
      sellerName: "Casey Collector",
      card: { id: cardId, name: "Test Charizard", rarity: "rare", grade: 9.5 },
      pull: { estimatedValueCents: 5_000, packName: null },
    });
    expect(await loadListing(as(db, buyer), listingId)).toMatchObject({
      isOwn: false,
      pendingOffers: 0,
    });
    expect(await loadListing(db.ctx(), listingId)).toMatchObject({ isOwn: false });
    expect(await loadListing(db.ctx(), 2_000_000_000)).toBeNull();
  });

  it("refuses offers on a listing once it is cancelled", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller);
    await cancelListing(as(db, seller), { listingId });
    const buyer = await buyerWith(db, 5_000);
    await expectRefusedUnchanged(
      db,
      () =>
        makeOffer(
          as(db, buyer),
          parsed(makeOfferSchema, {
            idempotencyKey: randomUUID(),
            listingId: String(listingId),
            offerType: "buy",
            amount: "5",
            message: "Still for sale by any chance?",
          }),
        ),
      { code: "listing_unavailable", status: 409 },
    );
  });
});
