// Sales (docs/product/market.md "Settlement and fees"; docs/design.md invariants 4 and 5): buy now at the list price,
// the 15 % platform fee rounded half up to the cent, a sold card moving to the buyer's vault,
// the transaction and sales activity rows, and the refusals (own listing, stale price,
// insufficient funds, visitor, sold listing) that change nothing.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buybackOffers, salesActivity } from "~/.server/db/schema";
import { buyNow, splitSale } from "~/.server/market/settlement";
import { updateListingPrice } from "~/.server/market/listings";
import { openPack } from "~/.server/packs/opening";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buyerWith,
  cardRow,
  entriesOf,
  expectMarketConsistent,
  expectRefusedUnchanged,
  houseBalance,
  listCard,
  listedCard,
  listingRow,
  listPhysical,
  offerRow,
  tradeRow,
  transactionRow,
  vaultCard,
  offerCards,
} from "../helpers/market";
import { balanceOf, expectLedgerBalanced, fund, makePack } from "../helpers/packs";

const db = databaseForFile();

describe("the platform fee", () => {
  it.each([
    // amount, fee (15 % rounded half up), seller amount
    [1_001, 150, 851], // $10.01: 150.15 -> 150
    [7, 1, 6], // $0.07: 1.05 -> 1
    [999_999, 150_000, 849_999], // $9,999.99: 149,999.85 -> 150,000
    [1_005, 151, 854], // $10.05: 150.75 -> 151
    [10, 2, 8], // $0.10: 1.5 -> 2 (half up)
    [1, 0, 1], // $0.01: 0.15 -> 0
    [100_000_000, 15_000_000, 85_000_000], // $1,000,000
  ])("splits %i cents into fee %i and seller %i", (amount, fee, seller) => {
    expect(splitSale(amount)).toEqual({ platformFeeCents: fee, sellerAmountCents: seller });
  });

  it.each([
    ["10.01", 1_001, 150],
    ["0.07", 7, 1],
    ["9999.99", 999_999, 150_000],
    ["0.01", 1, 0],
  ])(
    "a $%s sale debits the buyer the price, pays the platform the fee and the seller the rest",
    async (price, amount, fee) => {
      const { seller, cardId, listingId } = await listedCard(db, price);
      const buyer = await buyerWith(db, amount);
      const platformBefore = await houseBalance(db, "platform");

      const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: amount });

      expect(sale).toMatchObject({
        transactionId: expect.any(Number),
        listingId,
        amountCents: amount,
        platformFeeCents: fee,
        sellerAmountCents: amount - fee,
        status: "completed",
      });
      expect(await balanceOf(db, buyer.id)).toBe(0);
      expect(await balanceOf(db, seller.id)).toBe(amount - fee);
      expect(await houseBalance(db, "platform")).toBe(platformBefore + fee);
      expect(await transactionRow(db, sale.transactionId)).toMatchObject({
        listingId,
        offerId: null,
        buyerId: buyer.id,
        sellerId: seller.id,
        transactionAmountCents: amount,
        platformFeeCents: fee,
        sellerAmountCents: amount - fee,
        status: "completed",
      });
      // One sale movement: the buyer pays, the seller and the platform (when its fee is not
      // zero) are credited.
      const entries = await entriesOf(db, sale.transactionId);
      expect(entries).toHaveLength(fee > 0 ? 3 : 2);
      expect(entries).toEqual(
        expect.arrayContaining([
          { userId: buyer.id, kind: "user", amountCents: -amount, entryKind: "sale" },
          { userId: seller.id, kind: "user", amountCents: amount - fee, entryKind: "sale" },
          ...(fee > 0
            ? [{ userId: null, kind: "platform", amountCents: fee, entryKind: "sale" }]
            : []),
        ]),
      );
      expect(await cardRow(db, cardId)).toMatchObject({ userId: buyer.id, status: "vaulted" });
      await expectLedgerBalanced(db);
      await expectMarketConsistent(db);
    },
  );
});

describe("buy now", () => {
  it("sells a card: it moves to the buyer's vault, the listing is sold, other offers declined", async () => {
    const { seller, cardId, listingId } = await listedCard(db, "40.00");
    const buyer = await buyerWith(db, 5_000);
    const bidder = await buyerWith(db, 5_000);
    const trader = await makeCollector(db);
    const traderCard = await vaultCard(db, trader, { name: "Offered Venusaur" });
    const offerId = await buyOffer(db, bidder, listingId, "30.00");
    const { tradeRequestId } = await offerCards(db, trader, listingId, [traderCard]);

    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 4_000 });

    expect(await listingRow(db, listingId)).toMatchObject({ status: "sold" });
    expect((await listingRow(db, listingId)).closedAt).toBeInstanceOf(Date);
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: buyer.id,
      status: "vaulted",
      listingId: null,
    });
    expect(await balanceOf(db, buyer.id)).toBe(1_000);
    expect(await balanceOf(db, seller.id)).toBe(3_400);
    expect(await transactionRow(db, sale.transactionId)).toMatchObject({
      status: "completed",
      completedAt: expect.any(Date),
    });
    expect((await offerRow(db, offerId)).status).toBe("declined");
    expect((await tradeRow(db, tradeRequestId)).status).toBe("declined");
    expect(await cardRow(db, traderCard)).toMatchObject({ userId: trader.id, status: "vaulted" });
    expect(await balanceOf(db, bidder.id)).toBe(5_000);
    const activity = await db.db
      .select()
      .from(salesActivity)
      .where(eq(salesActivity.sellerId, seller.id));
    expect(activity).toEqual([
      expect.objectContaining({
        salePriceCents: 4_000,
        cardName: "Test Charizard",
        category: "Pokemon",
        rarity: "rare",
      }),
    ]);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("sells a card pulled from a pack (its buyback offer is cancelled when listed)", async () => {
    const seller = await buyerWith(db, 2_500);
    const pull = await openPack(as(db, seller), {
      packId: await makePack(db, { priceCents: 2_500 }),
      idempotencyKey: randomUUID(),
    });
    const listingId = await listCard(db, seller, pull.card.id, "10.01");
    const [offer] = await db.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.id, pull.buyback.offerId));
    expect(offer!.status).toBe("cancelled");
    const buyer = await buyerWith(db, 1_001);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_001 });
    expect(await cardRow(db, pull.card.id)).toMatchObject({ userId: buyer.id, status: "vaulted" });
    expect(await balanceOf(db, seller.id)).toBe(851);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("the buyer can list the card they bought", async () => {
    const { cardId, listingId } = await listedCard(db, "5.00");
    const buyer = await buyerWith(db, 500);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 500 });
    const relisted = await listCard(db, buyer, cardId, "6.00");
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: buyer.id,
      status: "listed",
      listingId: relisted,
    });
  });

  it("refuses to sell a listing to its seller (403), changing nothing", async () => {
    const { seller, listingId } = await listedCard(db, "10.00");
    await fund(db, seller.id, 5_000);
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, seller), { listingId, expectedPriceCents: 1_000 }),
      { code: "own_listing", status: 403, message: "You cannot buy your own listing" },
    );
  });

  it("refuses a buyer who cannot pay with 'Insufficient balance', changing nothing", async () => {
    const { cardId, listingId } = await listedCard(db, "10.00");
    const buyer = await buyerWith(db, 999);
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 }),
      { code: "insufficient_balance", status: 402, message: "Insufficient balance" },
    );
    expect(await listingRow(db, listingId)).toMatchObject({ status: "active" });
    expect(await cardRow(db, cardId)).toMatchObject({ status: "listed", listingId });
    expect(await balanceOf(db, buyer.id)).toBe(999);
  });

  it("refuses a buyer without a wallet, changing nothing", async () => {
    const { listingId } = await listedCard(db, "10.00");
    const buyer = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 }),
      { code: "insufficient_balance", status: 402 },
    );
  });

  it("refuses when the seller changed the price since the buyer saw it", async () => {
    const { seller, listingId } = await listedCard(db, "10.00");
    const buyer = await buyerWith(db, 5_000);
    await updateListingPrice(as(db, seller), { listingId, priceCents: 1_200 });
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 }),
      { code: "price_changed", status: 409 },
    );
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_200 });
    expect(await balanceOf(db, buyer.id)).toBe(3_800);
  });

  it("refuses a visitor, a sold listing and an unknown one", async () => {
    const { listingId } = await listedCard(db, "10.00");
    const buyer = await buyerWith(db, 5_000);
    const late = await buyerWith(db, 5_000);
    await expectRefusedUnchanged(
      db,
      () => buyNow(db.ctx(), { listingId, expectedPriceCents: 1_000 }),
      { code: "not_signed_in", status: 401, message: "You must be signed in" },
    );
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 });
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, late), { listingId, expectedPriceCents: 1_000 }),
      { code: "listing_unavailable", status: 409 },
    );
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, late), { listingId: 2_000_000_000, expectedPriceCents: 1_000 }),
      { code: "listing_unavailable", status: 409 },
    );
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("records a physical item's sale with no rarity", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "15.00", { title: "Vintage binder" });
    const buyer = await buyerWith(db, 1_500);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_500 });
    const [activity] = await db.db
      .select()
      .from(salesActivity)
      .where(eq(salesActivity.sellerId, seller.id));
    expect(activity).toMatchObject({ cardName: "Vintage binder", rarity: null });
  });
});
