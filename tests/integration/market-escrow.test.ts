// Escrow of physical items (docs/product/market.md "Settlement and fees"): a physical sale waits for shipment with
// the buyer's money in the escrow account; the seller adds carrier and tracking; the buyer's
// confirmation (or 14 days after shipping, on a fixed clock) pays the seller 85 % and the
// platform 15 %, exactly once, also under 20 parallel confirmations; and nobody else can move it.
import { describe, expect, it } from "vitest";
import { confirmReceipt, markShipped, releaseOverdueEscrow } from "~/.server/market/escrow";
import { acceptOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { ESCROW_AUTO_RELEASE_DAYS } from "~/lib/market";
import { shipmentSchema } from "~/lib/schemas/market";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { parsed, refusalOf } from "../helpers/forms";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buyerWith,
  entriesOf,
  expectMarketConsistent,
  expectRefusedUnchanged,
  houseBalance,
  listCard,
  listingRow,
  listPhysical,
  transactionRow,
  vaultCard,
} from "../helpers/market";
import { asAt, balanceOf, expectLedgerBalanced, settle } from "../helpers/packs";

const db = databaseForFile();

const DAY = 86_400_000;

/** A physical item sold through buy now at `price` (dollars), waiting for shipment. */
async function physicalSale(price = "20.00", cents = 2_000) {
  const seller = await makeCollector(db);
  const listingId = await listPhysical(db, seller, price);
  const buyer = await buyerWith(db, cents);
  const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: cents });
  return { seller, buyer, listingId, sale, transactionId: sale.transactionId };
}

const ship = (who: Collector, transactionId: number, at?: Date) =>
  markShipped(
    at ? asAt(db, who, at) : as(db, who),
    parsed(shipmentSchema, {
      transactionId: String(transactionId),
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    }),
  );

describe("a physical sale", () => {
  it("waits for shipment: buyer debited, the escrow holds the money, the seller is not paid yet", async () => {
    const escrowBefore = await houseBalance(db, "escrow");
    const platformBefore = await houseBalance(db, "platform");
    const { seller, buyer, listingId, sale } = await physicalSale("20.00", 2_000);

    expect(sale).toMatchObject({
      status: "awaiting_shipment",
      amountCents: 2_000,
      platformFeeCents: 300,
      sellerAmountCents: 1_700,
    });
    expect(await transactionRow(db, sale.transactionId)).toMatchObject({
      status: "awaiting_shipment",
      completedAt: null,
      shippedAt: null,
    });
    expect(await listingRow(db, listingId)).toMatchObject({ status: "sold" });
    expect(await balanceOf(db, buyer.id)).toBe(0);
    expect(await balanceOf(db, seller.id)).toBe(0);
    expect(await houseBalance(db, "escrow")).toBe(escrowBefore + 2_000);
    expect(await houseBalance(db, "platform")).toBe(platformBefore);
    expect(await entriesOf(db, sale.transactionId)).toEqual([
      { userId: buyer.id, kind: "user", amountCents: -2_000, entryKind: "escrow" },
      { userId: null, kind: "escrow", amountCents: 2_000, entryKind: "escrow" },
    ]);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("an accepted buy offer on a physical item goes through escrow too", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "30.00");
    const buyer = await buyerWith(db, 2_500);
    const offerId = await buyOffer(db, buyer, listingId, "25.00");
    const accepted = await acceptOffer(as(db, seller), { offerId });
    expect(accepted).toMatchObject({
      kind: "sale",
      sale: { status: "awaiting_shipment", amountCents: 2_500 },
    });
    expect(await balanceOf(db, buyer.id)).toBe(0);
    expect(await balanceOf(db, seller.id)).toBe(0);
    await expectMarketConsistent(db);
  });

  it("refuses a buyer who cannot pay, changing nothing", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "20.00");
    const buyer = await buyerWith(db, 1_999);
    await expectRefusedUnchanged(
      db,
      () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 2_000 }),
      { code: "insufficient_balance", status: 402, message: "Insufficient balance" },
    );
  });
});

describe("shipping", () => {
  it("the seller adds carrier and tracking: awaiting_shipment -> shipped", async () => {
    const { seller, transactionId } = await physicalSale();
    await markShipped(
      as(db, seller),
      parsed(shipmentSchema, {
        transactionId: String(transactionId),
        carrier: "  USPS ",
        trackingNumber: " 9400 1000 ",
      }),
    );
    expect(await transactionRow(db, transactionId)).toMatchObject({
      status: "shipped",
      carrier: "USPS",
      trackingNumber: "9400 1000",
      shippedAt: expect.any(Date),
      completedAt: null,
    });
    await expectRefusedUnchanged(db, () => ship(seller, transactionId), {
      code: "transaction_unavailable",
      status: 409,
    });
  });

  it("refuses the buyer, a stranger and a visitor (409/401), changing nothing", async () => {
    const { buyer, transactionId } = await physicalSale();
    const stranger = await makeCollector(db);
    for (const who of [buyer, stranger]) {
      await expectRefusedUnchanged(db, () => ship(who, transactionId), {
        code: "transaction_unavailable",
        status: 409,
      });
    }
    await expectRefusedUnchanged(
      db,
      () =>
        markShipped(
          db.ctx(),
          parsed(shipmentSchema, {
            transactionId: String(transactionId),
            carrier: "UPS",
            trackingNumber: "1Z999",
          }),
        ),
      { code: "not_signed_in", status: 401 },
    );
  });

  it.each([
    [{ carrier: "" }, "Carrier is required"],
    [{ trackingNumber: "12" }, "Tracking number is required"],
  ])("refuses missing shipping details %o (the seam's schema)", (fields, message) => {
    const form = { transactionId: "1", carrier: "UPS", trackingNumber: "1Z999", ...fields };
    expect(refusalOf(shipmentSchema, form)).toBe(message);
  });

  it("refuses to ship a card sale (it completed at once)", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    const listingId = await listCard(db, seller, cardId, "10.00");
    const buyer = await buyerWith(db, 1_000);
    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 });
    expect(sale.status).toBe("completed");
    await expectRefusedUnchanged(db, () => ship(seller, sale.transactionId), {
      code: "transaction_unavailable",
      status: 409,
    });
  });
});

describe("confirming receipt", () => {
  it("pays the seller 85 % and the platform 15 % from escrow, once", async () => {
    const { seller, buyer, transactionId } = await physicalSale("10.01", 1_001);
    await ship(seller, transactionId);
    const escrowBefore = await houseBalance(db, "escrow");
    const platformBefore = await houseBalance(db, "platform");

    await confirmReceipt(as(db, buyer), { transactionId });

    expect(await transactionRow(db, transactionId)).toMatchObject({
      status: "completed",
      completedAt: expect.any(Date),
    });
    expect(await balanceOf(db, seller.id)).toBe(851);
    expect(await houseBalance(db, "platform")).toBe(platformBefore + 150);
    expect(await houseBalance(db, "escrow")).toBe(escrowBefore - 1_001);
    await expectRefusedUnchanged(db, () => confirmReceipt(as(db, buyer), { transactionId }), {
      code: "transaction_unavailable",
      status: 409,
    });
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("refuses before shipment, and anyone but the buyer (409), changing nothing", async () => {
    const { seller, buyer, transactionId } = await physicalSale();
    const stranger = await makeCollector(db);
    await expectRefusedUnchanged(db, () => confirmReceipt(as(db, buyer), { transactionId }), {
      code: "transaction_unavailable",
      status: 409,
    });
    await ship(seller, transactionId);
    for (const who of [seller, stranger]) {
      await expectRefusedUnchanged(db, () => confirmReceipt(as(db, who), { transactionId }), {
        code: "transaction_unavailable",
        status: 409,
      });
    }
    await expectRefusedUnchanged(db, () => confirmReceipt(db.ctx(), { transactionId }), {
      code: "not_signed_in",
      status: 401,
    });
    expect((await transactionRow(db, transactionId)).status).toBe("shipped");
  });

  it("20 parallel confirmations release the escrow once", async () => {
    const { seller, buyer, transactionId } = await physicalSale("50.00", 5_000);
    await ship(seller, transactionId);
    const platformBefore = await houseBalance(db, "platform");

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () => confirmReceipt(as(db, buyer), { transactionId })),
    );

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toMatchObject({ code: "transaction_unavailable" });
    expect(await balanceOf(db, seller.id)).toBe(4_250);
    expect(await houseBalance(db, "platform")).toBe(platformBefore + 750);
    expect(await entriesOf(db, transactionId)).toHaveLength(5);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });
});

describe("automatic release", () => {
  it(`releases ${ESCROW_AUTO_RELEASE_DAYS} days after shipping and not before`, async () => {
    // Before any other sale of this file shipped (they ship on the real clock).
    const shippedAt = new Date("2020-03-01T10:00:00Z");
    const { seller, transactionId } = await physicalSale("20.00", 2_000);
    const waiting = await physicalSale("30.00", 3_000); // never shipped
    await ship(seller, transactionId, shippedAt);
    const system = (at: number) => db.ctx({ now: new Date(shippedAt.getTime() + at) });

    expect(await releaseOverdueEscrow(system(14 * DAY - 1))).toBe(0);
    expect((await transactionRow(db, transactionId)).status).toBe("shipped");
    expect(await balanceOf(db, seller.id)).toBe(0);

    expect(await releaseOverdueEscrow(system(14 * DAY))).toBe(1);
    expect(await transactionRow(db, transactionId)).toMatchObject({
      status: "completed",
      completedAt: new Date(shippedAt.getTime() + 14 * DAY),
    });
    expect(await balanceOf(db, seller.id)).toBe(1_700);
    expect(await releaseOverdueEscrow(system(30 * DAY))).toBe(0);
    expect(await balanceOf(db, seller.id)).toBe(1_700);
    expect((await transactionRow(db, waiting.transactionId)).status).toBe("awaiting_shipment");
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("parallel runs release each escrow once", async () => {
    const shippedAt = new Date("2020-06-01T10:00:00Z");
    const sales = await Promise.all([physicalSale("11.00", 1_100), physicalSale("12.00", 1_200)]);
    for (const { seller, transactionId } of sales) await ship(seller, transactionId, shippedAt);
    const later = db.ctx({ now: new Date(shippedAt.getTime() + 15 * DAY) });

    const counts = await Promise.all(Array.from({ length: 5 }, () => releaseOverdueEscrow(later)));

    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await balanceOf(db, sales[0]!.seller.id)).toBe(935);
    expect(await balanceOf(db, sales[1]!.seller.id)).toBe(1_020);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });
});
