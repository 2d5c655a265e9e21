// Offers (docs/product/market.md):
// the spec's messages, buy offers accepted into a sale at the offer's amount, text trade offers
// on physical items, declining and withdrawing, and every refusal to someone who does not own
// the thing (nothing changed). Holds: tests/integration/market-offer-holds.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { acceptOffer, endOffer, makeOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import type { MakeOfferInput } from "~/lib/schemas/market";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buyerWith,
  cardRow,
  expectMarketConsistent,
  expectRefusedUnchanged,
  houseBalance,
  listedCard,
  listingRow,
  listPhysical,
  offerRow,
  transactionsOf,
} from "../helpers/market";
import { balanceOf, expectLedgerBalanced } from "../helpers/packs";
import { parsed, refusalOf } from "../helpers/forms";
import { makeOfferSchema } from "~/lib/schemas/market";

const db = databaseForFile();

const XSS = '"><img src=x onerror=alert(1)>';

const offerForm = (listingId: number, overrides: Partial<MakeOfferInput> = {}): MakeOfferInput => ({
  idempotencyKey: randomUUID(),
  listingId: String(listingId),
  offerType: "buy",
  amount: "20.00",
  message: "I would like to buy this item",
  ...overrides,
});

/** A trade offer of an item described as `tradeItemDescription` (no cash), parsed. */
const tradeForm = (
  listingId: number,
  tradeItemDescription: string,
  overrides: Partial<MakeOfferInput> = {},
) =>
  parsed(
    makeOfferSchema,
    offerForm(listingId, {
      offerType: "trade",
      amount: undefined,
      tradeItemDescription,
      ...overrides,
    }),
  );

/**
 * A listed card with two offers of one buyer (20.00, 21.00), the first declined by the seller and
 * the second withdrawn by the buyer.
 */
async function declinedAndWithdrawn() {
  const { seller, listingId } = await listedCard(db);
  const buyer = await buyerWith(db, 5_000);
  const declined = await buyOffer(db, buyer, listingId, "20.00");
  const withdrawn = await buyOffer(db, buyer, listingId, "21.00");
  await endOffer(as(db, seller), { offerId: declined, as: "seller" });
  await endOffer(as(db, buyer), { offerId: withdrawn, as: "sender" });
  return { seller, buyer, listingId, declined, withdrawn };
}

describe("making an offer", () => {
  it("stores a pending buy offer with its amount in cents, held from the buyer's wallet", async () => {
    const { listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 5_000);
    const { offerId } = await makeOffer(
      as(db, buyer),
      parsed(makeOfferSchema, offerForm(listingId, { amount: "19.99" })),
    );
    expect(await offerRow(db, offerId)).toMatchObject({
      listingId,
      fromUserId: buyer.id,
      offerType: "buy",
      offerAmountCents: 1_999,
      heldCents: 1_999,
      tradeItemDescription: null,
      message: "I would like to buy this item",
      status: "pending",
    });
    expect(await balanceOf(db, buyer.id)).toBe(5_000 - 1_999);
    await expectLedgerBalanced(db);
  });

  it("stores a pending trade offer (words) on a physical item, and XSS as text", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller);
    const trader = await makeCollector(db);
    const { offerId } = await makeOffer(
      as(db, trader),
      tradeForm(listingId, XSS, { message: `<script>alert(1)</script> swap?` }),
    );
    expect(await offerRow(db, offerId)).toMatchObject({
      offerType: "trade",
      offerAmountCents: null,
      tradeItemDescription: XSS,
      message: "<script>alert(1)</script> swap?",
      status: "pending",
    });
  });

  it.each([
    ["a short message", { message: "Too short" }, "Message must be at least 10 characters"],
    ["no message", { message: undefined }, "Message must be at least 10 characters"],
    ["a buy offer without an amount", { amount: "" }, "Please provide offer details"],
    [
      "a trade offer without a description",
      { offerType: "trade" as const, amount: undefined, tradeItemDescription: "  " },
      "Please provide offer details",
    ],
  ])("the form's schema refuses %s with the spec's message", (_, fields, message) => {
    // Parsed at the seam before makeOffer runs (docs/decisions/013-parsing-once-at-the-seam.md).
    expect(refusalOf(makeOfferSchema, offerForm(1, fields))).toEqual(message);
  });

  it("refuses amounts that are not dollars and cents", () => {
    for (const amount of ["0", "-1", "1.001", "ten"]) {
      expect(refusalOf(makeOfferSchema, offerForm(1, { amount })), amount).not.toBeNull();
    }
  });

  it("refuses a visitor with 'Please sign in to make an offer'", async () => {
    const { listingId } = await listedCard(db);
    await expectRefusedUnchanged(
      db,
      () => makeOffer(db.ctx(), parsed(makeOfferSchema, offerForm(listingId))),
      {
        code: "not_signed_in",
        status: 401,
        message: "Please sign in to make an offer",
      },
    );
  });

  it("refuses an offer on your own listing (403)", async () => {
    const { seller, listingId } = await listedCard(db);
    await expectRefusedUnchanged(
      db,
      () => makeOffer(as(db, seller), parsed(makeOfferSchema, offerForm(listingId))),
      {
        code: "own_listing",
        status: 403,
      },
    );
  });

  it("refuses a text trade offer on a vault card listing (cards are traded from the vault)", async () => {
    const { listingId } = await listedCard(db);
    const trader = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () => makeOffer(as(db, trader), tradeForm(listingId, "My sealed box")),
      { code: "trade_needs_cards", status: 400 },
    );
  });

  it("refuses an offer on a sold or unknown listing", async () => {
    const { listingId } = await listedCard(db, "5.00");
    const buyer = await buyerWith(db, 500);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 500 });
    const late = await makeCollector(db);
    await expectRefusedUnchanged(
      db,
      () => makeOffer(as(db, late), parsed(makeOfferSchema, offerForm(listingId))),
      {
        code: "listing_unavailable",
        status: 409,
      },
    );
    await expectRefusedUnchanged(
      db,
      () => makeOffer(as(db, late), parsed(makeOfferSchema, offerForm(2_000_000_000))),
      {
        code: "listing_unavailable",
        status: 409,
      },
    );
  });
});

describe("accepting an offer", () => {
  it("sells a card at the offer's amount: card moved, money split 85/15, others declined", async () => {
    const { seller, cardId, listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 5_000);
    const other = await buyerWith(db, 5_000);
    const offerId = await buyOffer(db, buyer, listingId, "40.01");
    const otherOffer = await buyOffer(db, other, listingId, "35.00");
    const platformBefore = await houseBalance(db, "platform");

    const accepted = await acceptOffer(as(db, seller), { offerId });

    expect(accepted).toEqual({
      kind: "sale",
      sale: expect.objectContaining({
        listingId,
        amountCents: 4_001,
        platformFeeCents: 600, // 600.15
        sellerAmountCents: 3_401,
        status: "completed",
      }),
    });
    expect(await offerRow(db, offerId)).toMatchObject({
      status: "accepted",
      respondedAt: expect.any(Date),
    });
    expect((await offerRow(db, otherOffer)).status).toBe("declined");
    expect(await listingRow(db, listingId)).toMatchObject({ status: "sold" });
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: buyer.id,
      status: "vaulted",
      listingId: null,
    });
    expect(await balanceOf(db, buyer.id)).toBe(5_000 - 4_001);
    expect(await balanceOf(db, seller.id)).toBe(3_401);
    expect(await balanceOf(db, other.id)).toBe(5_000);
    expect(await houseBalance(db, "platform")).toBe(platformBefore + 600);
    const [transaction] = await transactionsOf(db, listingId);
    expect(transaction).toMatchObject({ offerId, buyerId: buyer.id, sellerId: seller.id });
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("closes a physical listing on an accepted trade offer, moving no money", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller);
    const trader = await buyerWith(db, 1_000);
    const bidder = await buyerWith(db, 5_000);
    const { offerId } = await makeOffer(
      as(db, trader),
      tradeForm(listingId, "My 1999 base set binder"),
    );
    const bid = await buyOffer(db, bidder, listingId, "15.00");

    expect(await acceptOffer(as(db, seller), { offerId })).toEqual({ kind: "trade", listingId });

    expect(await listingRow(db, listingId)).toMatchObject({ status: "traded" });
    expect((await offerRow(db, offerId)).status).toBe("accepted");
    expect((await offerRow(db, bid)).status).toBe("declined");
    expect(await transactionsOf(db, listingId)).toEqual([]);
    expect(await balanceOf(db, trader.id)).toBe(1_000);
    expect(await balanceOf(db, bidder.id)).toBe(5_000);
    await expectMarketConsistent(db);
  });

  it("pays the sale from the hold, even after the buyer spent everything else", async () => {
    const { seller, listingId } = await listedCard(db, "30.00");
    const buyer = await buyerWith(db, 3_000);
    const offerId = await buyOffer(db, buyer, listingId, "30.00");
    expect(await balanceOf(db, buyer.id)).toBe(0);
    await acceptOffer(as(db, seller), { offerId });
    expect(await balanceOf(db, buyer.id)).toBe(0);
    expect(await balanceOf(db, seller.id)).toBe(2_550);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("refuses anyone but the seller (403), the offerer included, changing nothing", async () => {
    const { listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 5_000);
    const stranger = await buyerWith(db, 5_000);
    const offerId = await buyOffer(db, buyer, listingId, "20.00");
    for (const who of [stranger, buyer]) {
      await expectRefusedUnchanged(db, () => acceptOffer(as(db, who), { offerId }), {
        code: "not_your_listing",
        status: 403,
      });
    }
    await expectRefusedUnchanged(db, () => acceptOffer(db.ctx(), { offerId }), {
      code: "not_signed_in",
      status: 401,
    });
  });

  it("refuses an offer that is no longer pending, or unknown (409)", async () => {
    const { seller, listingId, declined, withdrawn } = await declinedAndWithdrawn();
    for (const offerId of [declined, withdrawn, 2_000_000_000]) {
      await expectRefusedUnchanged(db, () => acceptOffer(as(db, seller), { offerId }), {
        code: "offer_unavailable",
        status: 409,
        message: "This offer is no longer pending",
      });
    }
    expect(await listingRow(db, listingId)).toMatchObject({ status: "active" });
  });

  it("refuses a second acceptance on a sold listing", async () => {
    const { seller, listingId } = await listedCard(db);
    const a = await buyerWith(db, 5_000);
    const b = await buyerWith(db, 5_000);
    const first = await buyOffer(db, a, listingId, "20.00");
    const second = await buyOffer(db, b, listingId, "22.00");
    await acceptOffer(as(db, seller), { offerId: first });
    await expectRefusedUnchanged(db, () => acceptOffer(as(db, seller), { offerId: second }), {
      code: "listing_unavailable",
      status: 409,
    });
    expect(await balanceOf(db, b.id)).toBe(5_000);
  });
});

describe("declining and withdrawing", () => {
  it("the seller declines, the sender withdraws; nothing else changes", async () => {
    const { buyer, listingId, declined: one, withdrawn: two } = await declinedAndWithdrawn();
    expect(await offerRow(db, one)).toMatchObject({
      status: "declined",
      respondedAt: expect.any(Date),
    });
    expect((await offerRow(db, two)).status).toBe("withdrawn");
    expect(await listingRow(db, listingId)).toMatchObject({ status: "active" });
    await expectRefusedUnchanged(
      db,
      () => endOffer(as(db, buyer), { offerId: two, as: "sender" }),
      {
        code: "offer_unavailable",
        status: 409,
      },
    );
  });

  it("refuses to decline or withdraw someone else's offer (409), changing nothing", async () => {
    const { seller, listingId } = await listedCard(db);
    const buyer = await buyerWith(db, 5_000);
    const stranger = await makeCollector(db);
    const offerId = await buyOffer(db, buyer, listingId, "20.00");
    const refusals: [typeof buyer, "seller" | "sender"][] = [
      [stranger, "seller"], // declining an offer on someone else's listing
      [stranger, "sender"], // withdrawing someone else's offer
      [buyer, "seller"], // the sender cannot decline their own offer as the seller
      [seller, "sender"], // the seller cannot withdraw the buyer's offer
    ];
    for (const [who, role] of refusals) {
      await expectRefusedUnchanged(db, () => endOffer(as(db, who), { offerId, as: role }), {
        code: "offer_unavailable",
        status: 409,
      });
    }
    await expectRefusedUnchanged(db, () => endOffer(db.ctx(), { offerId, as: "sender" }), {
      code: "not_signed_in",
      status: 401,
    });
    expect((await offerRow(db, offerId)).status).toBe("pending");
  });
});
