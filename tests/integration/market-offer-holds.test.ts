// Buy offers backed by held funds (docs/decisions/009-held-offers-and-payouts.md): the hold is
// taken with the offer, shown in the wallet, paid into the sale on acceptance and released
// exactly once when the offer is declined, withdrawn, expired or its listing closes. Races on
// PostgreSQL (a pool of 20 connections); on PGlite the same tests check a queue's outcome. The
// ledger checker (holds included) and the marketplace checker run after each.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { walletAccounts, walletEntries } from "~/.server/db/schema";
import { cancelListing } from "~/.server/market/listings";
import { acceptOffer, endOffer, expireOffers, makeOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { walletHistory } from "~/.server/wallet/wallet";
import { as, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buyerWith,
  expectLedgerAndMarketConsistent,
  expectRefusedUnchanged,
  houseBalance,
  listedCard,
  offerRow,
  type Refusal,
} from "../helpers/market";
import { asAt, balanceOf, expectRaceOutcome, settle } from "../helpers/packs";
import { parsed } from "../helpers/forms";
import { makeOfferSchema } from "~/lib/schemas/market";

const db = databaseForFile();

const expectConsistent = () => expectLedgerAndMarketConsistent(db);

const offerInput = (listingId: number, amount: string) => ({
  idempotencyKey: randomUUID(),
  listingId: String(listingId),
  offerType: "buy" as const,
  amount,
  message: "I would like to buy this item",
});
/** Expects `buyer`'s offer of `amount` (dollars) on the listing refused as `refusal`, nothing changed. */
const expectOfferRefused = (
  buyer: Collector,
  listingId: number,
  amount: string,
  refusal: Refusal,
) =>
  expectRefusedUnchanged(
    db,
    () => makeOffer(as(db, buyer), parsed(makeOfferSchema, offerInput(listingId, amount))),
    refusal,
  );

/** The user's hold and release entries, oldest first. */
const holdEntries = (userId: string) =>
  db.db
    .select({ kind: walletEntries.kind, amountCents: walletEntries.amountCents })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(
      and(
        eq(walletAccounts.userId, userId),
        inArray(walletEntries.kind, ["offer_hold", "offer_release"]),
      ),
    )
    .orderBy(walletEntries.id);

describe("making a held offer", () => {
  it("holds the amount: available drops, the wallet shows balance, held and available", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 10_000);
    await buyOffer(db, buyer, listingId, "42.50");
    expect(await balanceOf(db, buyer.id)).toBe(5_750);
    const wallet = await walletHistory(as(db, buyer), { page: 1 });
    expect(wallet).toMatchObject({ balanceCents: 10_000, heldCents: 4_250, availableCents: 5_750 });
    expect(wallet.entries[0]).toMatchObject({
      kind: "offer_hold",
      amountCents: -4_250,
      description: expect.stringMatching(/^Offer hold: /),
    });
    await expectConsistent();
  });

  it("refuses an offer above the available balance with 'Insufficient balance', nothing created", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 4_000);
    await buyOffer(db, buyer, listingId, "30.00"); // 10.00 left available
    await expectOfferRefused(buyer, listingId, "10.01", {
      code: "insufficient_balance",
      status: 402,
      message: "Insufficient balance",
    });
    const broke = await buyerWith(db, 0);
    await expectOfferRefused(broke, listingId, "1.00", {
      code: "insufficient_balance",
      status: 402,
    });
  });

  it("refuses an offer above the asking price: use Buy Now", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 10_000);
    await expectOfferRefused(buyer, listingId, "50.01", {
      code: "offer_above_price",
      status: 400,
      message: "Your offer is above the asking price: use Buy Now",
    });
    // At the asking price is an offer, not a purchase.
    await buyOffer(db, buyer, listingId, "50.00");
    expect(await balanceOf(db, buyer.id)).toBe(5_000);
  });
});

describe("releasing a hold exactly once", () => {
  it("declined, withdrawn: the amount comes back once, a second end is refused", async () => {
    const { seller, listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 10_000);
    const one = await buyOffer(db, buyer, listingId, "20.00");
    const two = await buyOffer(db, buyer, listingId, "30.00");
    expect(await balanceOf(db, buyer.id)).toBe(5_000);
    await endOffer(as(db, seller), { offerId: one, as: "seller" });
    expect(await balanceOf(db, buyer.id)).toBe(7_000);
    await endOffer(as(db, buyer), { offerId: two, as: "sender" });
    expect(await balanceOf(db, buyer.id)).toBe(10_000);
    await expectRefusedUnchanged(
      db,
      () => endOffer(as(db, buyer), { offerId: two, as: "sender" }),
      {
        code: "offer_unavailable",
        status: 409,
      },
    );
    const kinds = (await holdEntries(buyer.id)).map((e) => `${e.kind} ${e.amountCents}`);
    expect(kinds.slice(-4)).toEqual([
      "offer_hold -2000",
      "offer_hold -3000",
      "offer_release 2000",
      "offer_release 3000",
    ]);
    await expectConsistent();
  });

  it("the listing closes (cancelled, or sold to someone else): every hold comes back", async () => {
    const cancelled = await listedCard(db, "50.00");
    const sold = await listedCard(db, "50.00");
    const a = await buyerWith(db, 5_000);
    const b = await buyerWith(db, 5_000);
    await buyOffer(db, a, cancelled.listingId, "25.00");
    await buyOffer(db, b, cancelled.listingId, "20.00");
    const onSold = await buyOffer(db, a, sold.listingId, "24.00");
    await cancelListing(as(db, cancelled.seller), { listingId: cancelled.listingId });
    expect(await balanceOf(db, a.id)).toBe(2_600);
    expect(await balanceOf(db, b.id)).toBe(5_000);
    const other = await buyerWith(db, 5_000);
    await buyNow(as(db, other), { listingId: sold.listingId, expectedPriceCents: 5_000 });
    expect((await offerRow(db, onSold)).status).toBe("declined");
    expect(await balanceOf(db, a.id)).toBe(5_000);
    await expectConsistent();
  });

  it("expires a pending offer after 7 days, once, and not before", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 5_000);
    const made = new Date("2026-11-01T12:00:00Z");
    const { offerId } = await makeOffer(
      asAt(db, buyer, made),
      parsed(makeOfferSchema, offerInput(listingId, "15.00")),
    );
    const justBefore = new Date(made.getTime() + 7 * 86_400_000 - 1_000);
    await expireOffers(db.ctx({ now: justBefore }));
    expect((await offerRow(db, offerId)).status).toBe("pending");
    const after = new Date(made.getTime() + 7 * 86_400_000);
    expect(await expireOffers(db.ctx({ now: after }))).toBeGreaterThanOrEqual(1);
    expect((await offerRow(db, offerId)).status).toBe("expired");
    expect(await balanceOf(db, buyer.id)).toBe(5_000);
    await expireOffers(db.ctx({ now: after }));
    expect(await balanceOf(db, buyer.id)).toBe(5_000);
    await expectConsistent();
  });
});

describe("races on holds", () => {
  it("20 offers at once against one balance never hold more than it", async () => {
    const listings = await Promise.all(Array.from({ length: 20 }, () => listedCard(db, "50.00")));
    const buyer = await buyerWith(db, 10_000); // room for exactly 3 offers of $30
    const { fulfilled, rejected } = await settle(
      listings.map(({ listingId }) =>
        makeOffer(as(db, buyer), parsed(makeOfferSchema, offerInput(listingId, "30.00"))),
      ),
    );
    expectRaceOutcome({ fulfilled, rejected }, 3, 17, {
      code: "insufficient_balance",
      status: 402,
    });
    expect(await balanceOf(db, buyer.id)).toBe(1_000);
    const wallet = await walletHistory(as(db, buyer), { page: 1 });
    expect(wallet).toMatchObject({ heldCents: 9_000, availableCents: 1_000 });
    await expectConsistent();
  });

  it("accept, decline and withdraw of one offer at once: one wins, the hold moves once", async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, listingId } = await listedCard(db, "50.00");
      const buyer = await buyerWith(db, 5_000);
      const offerId = await buyOffer(db, buyer, listingId, "40.00");
      const { fulfilled, rejected } = await settle<unknown>([
        acceptOffer(as(db, seller), { offerId }),
        endOffer(as(db, seller), { offerId, as: "seller" }),
        endOffer(as(db, buyer), { offerId, as: "sender" }),
      ]);
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(2);
      const { status } = await offerRow(db, offerId);
      // Accepted: the hold paid the sale; otherwise it came back.
      expect(await balanceOf(db, buyer.id)).toBe(status === "accepted" ? 1_000 : 5_000);
      expect(await houseBalance(db, "holds")).toBeGreaterThanOrEqual(0);
      await expectConsistent();
    }
  });
});
