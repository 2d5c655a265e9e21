// A retried buy offer or trade offer is one event (docs/product/market.md "Offers", "Trades"):
// the form's idempotency key makes a doubled or retried submission return the first offer,
// with one hold, one notification and at most one mail; the same key with other details is
// refused (409) and changes nothing. The concurrent cases race on PostgreSQL (a pool of 20
// connections); PGlite runs them one at a time. The ledger and marketplace checkers run after.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  jobs,
  mailOutbox,
  notifications,
  offers,
  tradeRequests,
  walletAccounts,
  walletEntries,
} from "~/.server/db/schema";
import { makeOffer } from "~/.server/market/offers";
import { sendTradeOffer } from "~/.server/market/trades";
import { makeOfferSchema, tradeOfferSchema, type MakeOfferInput } from "~/lib/schemas/market";
import { runQueuedJobs } from "../helpers/auth";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import {
  buyerWith,
  expectLedgerAndMarketConsistent,
  expectMarketConsistent,
  expectRefusedUnchanged,
  listedCard,
  listPhysical,
  vaultCard,
} from "../helpers/market";
import { balanceOf, settle } from "../helpers/packs";

const db = databaseForFile();

const offerForm = (listingId: number, overrides: Partial<MakeOfferInput> = {}) => ({
  idempotencyKey: randomUUID(),
  listingId: String(listingId),
  offerType: "buy" as const,
  amount: "20.00",
  message: "I would like to buy this item",
  ...overrides,
});

/** The user's offer holds (one entry per hold taken). */
const holdsOf = (userId: string) =>
  db.db
    .select({ amountCents: walletEntries.amountCents })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(and(eq(walletAccounts.userId, userId), eq(walletEntries.kind, "offer_hold")));

/** What `seller` was told of, by kind, and the mails that went out to them. */
async function toldAndMailed(seller: Collector, kind: string) {
  await runQueuedJobs(db);
  const told = await db.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, kind)));
  const mails = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email));
  return { told: told.length, mails: mails.length };
}

/** The mail jobs queued for `seller`'s notifications of `kind` (whatever their state). */
const mailJobsFor = async (seller: Collector) =>
  (await db.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "mail.send")))
    .map((job) => job.payload as { to?: string })
    .filter((payload) => payload.to === seller.email).length;

const expectConsistent = () => expectLedgerAndMarketConsistent(db);

describe("a buy offer sent again under its key", () => {
  it("a later retry returns the same offer: one offer, one hold, one notification, one mail", async () => {
    const { seller, listingId } = await listedCard(db, "50.00");
    const buyer = await buyerWith(db, 10_000);
    const form = parsed(makeOfferSchema, offerForm(listingId, { amount: "42.50" }));
    const first = await makeOffer(as(db, buyer), form);
    const again = await makeOffer(as(db, buyer), form);
    expect(again).toEqual(first);
    const made = await db.db.select().from(offers).where(eq(offers.fromUserId, buyer.id));
    expect(made.map((offer) => offer.id)).toEqual([first.offerId]);
    expect(await holdsOf(buyer.id)).toEqual([{ amountCents: -4_250 }]);
    expect(await balanceOf(db, buyer.id)).toBe(5_750);
    expect(await toldAndMailed(seller, "offer.received")).toEqual({ told: 1, mails: 1 });
    await expectConsistent();
  });

  it.each([2, 8])(
    "%i sends at once make one offer, one hold, one notification, one mail",
    async (n) => {
      const { seller, listingId } = await listedCard(db, "50.00");
      const buyer = await buyerWith(db, 5_000);
      const form = parsed(makeOfferSchema, offerForm(listingId, { amount: "30.00" }));
      const { fulfilled, rejected } = await settle(
        Array.from({ length: n }, () => makeOffer(as(db, buyer), form)),
      );
      expect(rejected).toEqual([]);
      expect(new Set(fulfilled.map((made) => made.offerId)).size).toBe(1);
      const made = await db.db.select().from(offers).where(eq(offers.fromUserId, buyer.id));
      expect(made).toHaveLength(1);
      expect(await holdsOf(buyer.id)).toEqual([{ amountCents: -3_000 }]);
      expect(await balanceOf(db, buyer.id)).toBe(2_000);
      expect(await mailJobsFor(seller)).toBe(1);
      expect(await toldAndMailed(seller, "offer.received")).toEqual({ told: 1, mails: 1 });
      await expectConsistent();
    },
  );

  it("refuses the same key with another amount or listing (409), nothing changed", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const other = await listPhysical(db, await makeCollector(db), "50.00");
    const buyer = await buyerWith(db, 10_000);
    const form = offerForm(listingId, { amount: "25.00" });
    await makeOffer(as(db, buyer), parsed(makeOfferSchema, form));
    for (const changed of [
      { ...form, amount: "26.00" },
      { ...form, listingId: String(other) },
      { ...form, message: "Another message for the seller" },
    ]) {
      await expectRefusedUnchanged(
        db,
        () => makeOffer(as(db, buyer), parsed(makeOfferSchema, changed)),
        {
          code: "idempotency_conflict",
          status: 409,
          message: "This offer was already sent with other details",
        },
      );
    }
    expect(await holdsOf(buyer.id)).toEqual([{ amountCents: -2_500 }]);
  });

  it("keys are per sender: another buyer's offer under the same key is their own offer", async () => {
    const { listingId } = await listedCard(db, "50.00");
    const [one, two] = [await buyerWith(db, 5_000), await buyerWith(db, 5_000)];
    const form = parsed(makeOfferSchema, offerForm(listingId));
    const a = await makeOffer(as(db, one!), form);
    const b = await makeOffer(as(db, two!), form);
    expect(a.offerId).not.toBe(b.offerId);
    expect(await holdsOf(two!.id)).toEqual([{ amountCents: -2_000 }]);
  });
});

describe("a trade offer sent again under its key", () => {
  async function tradeSetup() {
    const { seller, listingId } = await listedCard(db, "40.00");
    const trader = await makeCollector(db);
    const cards = [await vaultCard(db, trader), await vaultCard(db, trader)];
    const form = parsed(tradeOfferSchema, {
      idempotencyKey: randomUUID(),
      listingId: String(listingId),
      cardIds: cards.map(String),
      message: "",
    });
    return { seller, trader, cards, form };
  }
  const tradesOf = (trader: Collector) =>
    db.db.select().from(tradeRequests).where(eq(tradeRequests.fromUserId, trader.id));

  it("a later retry (cards in another order) returns the same request, told and mailed once", async () => {
    const { seller, trader, form } = await tradeSetup();
    const first = await sendTradeOffer(as(db, trader), form);
    const again = await sendTradeOffer(as(db, trader), {
      ...form,
      cardIds: [...form.cardIds].reverse(),
    });
    expect(again).toEqual(first);
    expect((await tradesOf(trader)).map((t) => t.id)).toEqual([first.tradeRequestId]);
    expect(await toldAndMailed(seller, "trade.received")).toEqual({ told: 1, mails: 1 });
  });

  it("6 sends at once make one request with its cards, one notification, one mail", async () => {
    const { seller, trader, form } = await tradeSetup();
    const { fulfilled, rejected } = await settle(
      Array.from({ length: 6 }, () => sendTradeOffer(as(db, trader), form)),
    );
    expect(rejected).toEqual([]);
    expect(new Set(fulfilled.map((sent) => sent.tradeRequestId)).size).toBe(1);
    const sent = await tradesOf(trader);
    expect(sent).toHaveLength(1);
    expect(await mailJobsFor(seller)).toBe(1);
    expect(await toldAndMailed(seller, "trade.received")).toEqual({ told: 1, mails: 1 });
    await expectMarketConsistent(db);
  });

  it("refuses the same key with other cards or another message (409), nothing changed", async () => {
    const { trader, form } = await tradeSetup();
    await sendTradeOffer(as(db, trader), form);
    for (const changed of [
      { ...form, cardIds: form.cardIds.slice(0, 1) },
      { ...form, message: "A different message" },
    ]) {
      await expectRefusedUnchanged(db, () => sendTradeOffer(as(db, trader), changed), {
        code: "idempotency_conflict",
        status: 409,
        message: "This trade offer was already sent with other details",
      });
    }
    expect(await tradesOf(trader)).toHaveLength(1);
  });
});
