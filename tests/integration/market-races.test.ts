// Races of the marketplace (docs/product/market.md "Settlement and fees"; docs/design.md invariants 2, 4 and 5).
// Meaningful on PostgreSQL (a pool of 20 connections runs the transactions at once); PGlite runs
// them one at a time, so there the same tests check the outcome of a queue. The ledger checker
// and the marketplace checker run after every race.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buybackOffers, walletAccounts, walletEntries } from "~/.server/db/schema";
import { cancelListing, createListing } from "~/.server/market/listings";
import { acceptOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { acceptTrade } from "~/.server/market/trades";
import { acceptBuyback } from "~/.server/vault/buyback";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  buyOffer,
  buybackOn,
  buyerWith,
  cardRow,
  expectLedgerAndMarketConsistent,
  listedCard,
  listingForm,
  listingRow,
  offerRow,
  tradeRow,
  transactionsOf,
  vaultCard,
  offerCards,
} from "../helpers/market";
import { balanceOf, settle } from "../helpers/packs";
import { parsed } from "../helpers/forms";
import { createListingSchema } from "~/lib/schemas/market";

const db = databaseForFile();

const expectConsistent = () => expectLedgerAndMarketConsistent(db);

/** The user's ledger entries of `kind` (their side of each movement). */
const entriesOfUser = (userId: string, kind: "sale" | "escrow" | "buyback") =>
  db.db
    .select({ amountCents: walletEntries.amountCents })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(and(eq(walletAccounts.userId, userId), eq(walletEntries.kind, kind)));

describe("buyers racing for one listing", () => {
  it.each([2, 20])(
    "%i buyers at once: one sale, one debit, the seller credited once",
    async (n) => {
      const { seller, cardId, listingId } = await listedCard(db, "30.00");
      const buyers = await Promise.all(Array.from({ length: n }, () => buyerWith(db, 3_000)));

      const { fulfilled, rejected } = await settle(
        buyers.map((buyer) => buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_000 })),
      );

      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(n - 1);
      for (const error of rejected) expect(error).toMatchObject({ code: "listing_unavailable" });
      const [transaction, ...more] = await transactionsOf(db, listingId);
      expect(more).toEqual([]);
      const winner = buyers.find((buyer) => buyer.id === transaction!.buyerId)!;
      expect(winner).toBeDefined();
      for (const buyer of buyers) {
        expect(await balanceOf(db, buyer.id)).toBe(buyer === winner ? 0 : 3_000);
        expect(await entriesOfUser(buyer.id, "sale")).toHaveLength(buyer === winner ? 1 : 0);
      }
      expect(await balanceOf(db, seller.id)).toBe(2_550);
      expect(await entriesOfUser(seller.id, "sale")).toEqual([{ amountCents: 2_550 }]);
      expect(await cardRow(db, cardId)).toMatchObject({ userId: winner.id, status: "vaulted" });
      await expectConsistent();
    },
  );

  it("one buyer buying two listings at once with money for one: one sale, never below zero", async () => {
    const first = await listedCard(db, "20.00");
    const second = await listedCard(db, "20.00");
    const buyer = await buyerWith(db, 3_000);

    const { fulfilled, rejected } = await settle([
      buyNow(as(db, buyer), { listingId: first.listingId, expectedPriceCents: 2_000 }),
      buyNow(as(db, buyer), { listingId: second.listingId, expectedPriceCents: 2_000 }),
    ]);

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toEqual([expect.objectContaining({ code: "insufficient_balance" })]);
    expect(await balanceOf(db, buyer.id)).toBe(1_000);
    const statuses = [
      (await listingRow(db, first.listingId)).status,
      (await listingRow(db, second.listingId)).status,
    ].sort();
    expect(statuses).toEqual(["active", "sold"]);
    await expectConsistent();
  });
});

describe("a seller racing themselves", () => {
  it("accepting two offers at once sells once", async () => {
    const { seller, cardId, listingId } = await listedCard(db, "30.00");
    const a = await buyerWith(db, 5_000);
    const b = await buyerWith(db, 5_000);
    const offerA = await buyOffer(db, a, listingId, "25.00");
    const offerB = await buyOffer(db, b, listingId, "26.00");

    const { fulfilled, rejected } = await settle([
      acceptOffer(as(db, seller), { offerId: offerA }),
      acceptOffer(as(db, seller), { offerId: offerB }),
    ]);

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toEqual([expect.objectContaining({ code: "listing_unavailable" })]);
    const [transaction, ...more] = await transactionsOf(db, listingId);
    expect(more).toEqual([]);
    const [won, lost] = transaction!.buyerId === a.id ? [offerA, offerB] : [offerB, offerA];
    expect((await offerRow(db, won)).status).toBe("accepted");
    expect((await offerRow(db, lost)).status).toBe("declined");
    expect(await cardRow(db, cardId)).toMatchObject({ userId: transaction!.buyerId });
    const paid = transaction!.buyerId === a.id ? [2_500, 5_000] : [5_000, 2_400];
    expect([await balanceOf(db, a.id), await balanceOf(db, b.id)]).toEqual(paid);
    expect(await entriesOfUser(seller.id, "sale")).toHaveLength(1);
    await expectConsistent();
  });

  it("20 parallel acceptances of one offer sell once", async () => {
    const { seller, listingId } = await listedCard(db, "30.00");
    const buyer = await buyerWith(db, 5_000);
    const offerId = await buyOffer(db, buyer, listingId, "28.00");

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () => acceptOffer(as(db, seller), { offerId })),
    );

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    expect(await balanceOf(db, buyer.id)).toBe(2_200);
    expect(await balanceOf(db, seller.id)).toBe(2_380);
    await expectConsistent();
  });
});

describe("buy, cancel and accept at once", () => {
  it("has exactly one effect, whichever wins (10 rounds)", async () => {
    const winners = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const { seller, cardId, listingId } = await listedCard(db, "10.00");
      const buyer = await buyerWith(db, 1_000);
      const bidder = await buyerWith(db, 1_000);
      const offerId = await buyOffer(db, bidder, listingId, "9.00");

      const calls = [
        ["buy", () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 })],
        ["cancel", () => cancelListing(as(db, seller), { listingId })],
        ["accept", () => acceptOffer(as(db, seller), { offerId })],
      ] as const;
      // Vary who starts first.
      const order = [...calls.slice(round % 3), ...calls.slice(0, round % 3)];
      const results = await Promise.allSettled(order.map(([, call]) => call()));

      const won = order.filter((_, i) => results[i]!.status === "fulfilled").map(([name]) => name);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected") {
          expect(result.reason).toMatchObject({ code: expect.stringMatching(/unavailable/) });
        }
      }
      winners.add(won[0]!);
      const listing = await listingRow(db, listingId);
      const card = await cardRow(db, cardId);
      const sales = await transactionsOf(db, listingId);
      const offer = await offerRow(db, offerId);
      if (won[0] === "buy") {
        expect(listing.status).toBe("sold");
        expect(sales.map((t) => t.buyerId)).toEqual([buyer.id]);
        expect(card).toMatchObject({ userId: buyer.id, status: "vaulted" });
        expect(offer.status).toBe("declined");
        expect([await balanceOf(db, buyer.id), await balanceOf(db, bidder.id)]).toEqual([0, 1_000]);
      } else if (won[0] === "accept") {
        expect(listing.status).toBe("sold");
        expect(sales.map((t) => t.buyerId)).toEqual([bidder.id]);
        expect(card).toMatchObject({ userId: bidder.id, status: "vaulted" });
        expect(offer.status).toBe("accepted");
        expect([await balanceOf(db, buyer.id), await balanceOf(db, bidder.id)]).toEqual([
          1_000, 100,
        ]);
      } else {
        expect(listing.status).toBe("cancelled");
        expect(sales).toEqual([]);
        expect(card).toMatchObject({ userId: seller.id, status: "vaulted", listingId: null });
        expect(offer.status).toBe("declined");
        expect([await balanceOf(db, buyer.id), await balanceOf(db, bidder.id)]).toEqual([
          1_000, 1_000,
        ]);
        expect(await balanceOf(db, seller.id)).toBe(0);
      }
    }
    await expectConsistent();
    expect(winners.size).toBeGreaterThanOrEqual(1);
  });
});

describe("listing racing", () => {
  it("listing one card twice at once: one listing, the other refused (409)", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);

    const { fulfilled, rejected } = await settle([
      createListing(
        as(db, seller),
        parsed(createListingSchema, listingForm({ cardId: String(cardId) })),
      ),
      createListing(
        as(db, seller),
        parsed(createListingSchema, listingForm({ cardId: String(cardId), price: "30.00" })),
      ),
    ]);

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toEqual([expect.objectContaining({ code: "card_not_vaulted", status: 409 })]);
    expect(await cardRow(db, cardId)).toMatchObject({
      status: "listed",
      listingId: fulfilled[0]!.listingId,
    });
    await expectConsistent();
  });

  it("a trade acceptance, a cancellation and a purchase at once: exactly one effect (6 rounds)", async () => {
    for (let round = 0; round < 6; round++) {
      const { seller, cardId, listingId } = await listedCard(db, "10.00");
      const trader = await makeCollector(db);
      const offered = await vaultCard(db, trader, { name: "Offered Gengar" });
      const { tradeRequestId } = await offerCards(db, trader, listingId, [offered]);
      const buyer = await buyerWith(db, 1_000);
      const calls = [
        ["trade", () => acceptTrade(as(db, seller), { tradeRequestId })],
        ["cancel", () => cancelListing(as(db, seller), { listingId })],
        ["buy", () => buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_000 })],
      ] as const;
      const order = [...calls.slice(round % 3), ...calls.slice(0, round % 3)];
      const results = await Promise.allSettled(order.map(([, call]) => call()));
      const won = order.filter((_, i) => results[i]!.status === "fulfilled").map(([name]) => name);

      expect(won, `round ${round}`).toHaveLength(1);
      const card = await cardRow(db, cardId);
      const offeredCard = await cardRow(db, offered);
      const status = (await listingRow(db, listingId)).status;
      if (won[0] === "trade") {
        expect(status).toBe("traded");
        expect(card).toMatchObject({ userId: trader.id, status: "vaulted" });
        expect(offeredCard).toMatchObject({ userId: seller.id, status: "vaulted" });
        expect(await balanceOf(db, buyer.id)).toBe(1_000);
      } else if (won[0] === "buy") {
        expect(status).toBe("sold");
        expect(card).toMatchObject({ userId: buyer.id, status: "vaulted" });
        expect(offeredCard).toMatchObject({ userId: trader.id, status: "vaulted" });
        expect((await tradeRow(db, tradeRequestId)).status).toBe("declined");
      } else {
        expect(status).toBe("cancelled");
        expect(card).toMatchObject({ userId: seller.id, status: "vaulted", listingId: null });
        expect(offeredCard).toMatchObject({ userId: trader.id, status: "vaulted" });
        expect((await tradeRow(db, tradeRequestId)).status).toBe("declined");
        expect(await balanceOf(db, buyer.id)).toBe(1_000);
      }
    }
    await expectConsistent();
  });
});

describe("trades racing", () => {
  /** A listed card and a pending trade offer of one of `trader`'s cards (with a buyback). */
  async function pendingTrade() {
    const { seller, cardId, listingId } = await listedCard(db);
    const trader = await makeCollector(db);
    const offered = await vaultCard(db, trader, { name: "Offered Mewtwo" });
    const buybackId = await buybackOn(db, trader, offered, 4_500);
    const { tradeRequestId } = await offerCards(db, trader, listingId, [offered]);
    return { seller, cardId, listingId, trader, offered, buybackId, tradeRequestId };
  }

  it("trade acceptance while an offered card is bought back: exactly one wins (10 rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      const t = await pendingTrade();
      const trade = () => acceptTrade(as(db, t.seller), { tradeRequestId: t.tradeRequestId });
      const buyback = () => acceptBuyback(as(db, t.trader), { offerId: t.buybackId });
      const [first, second] = round % 2 ? [trade, buyback] : [buyback, trade];
      const [a, b] = await Promise.allSettled([first(), second()]);
      const [tradeResult, buybackResult] = round % 2 ? [a!, b!] : [b!, a!];

      expect(
        [tradeResult.status, buybackResult.status].filter((s) => s === "fulfilled"),
        `round ${round}`,
      ).toHaveLength(1);
      const offered = await cardRow(db, t.offered);
      const listed = await cardRow(db, t.cardId);
      const [offer] = await db.db
        .select()
        .from(buybackOffers)
        .where(eq(buybackOffers.id, t.buybackId));
      if (tradeResult.status === "fulfilled") {
        expect(buybackResult).toMatchObject({
          status: "rejected",
          reason: { code: "no_active_offer" },
        });
        expect(offered).toMatchObject({ userId: t.seller.id, status: "vaulted" });
        expect(listed).toMatchObject({ userId: t.trader.id, status: "vaulted", listingId: null });
        expect(offer!.status).toBe("cancelled");
        expect(await balanceOf(db, t.trader.id)).toBe(0);
        expect((await tradeRow(db, t.tradeRequestId)).status).toBe("accepted");
        expect((await listingRow(db, t.listingId)).status).toBe("traded");
      } else {
        expect(tradeResult).toMatchObject({
          status: "rejected",
          reason: { code: "trade_cards_unavailable" },
        });
        expect(offered).toMatchObject({ userId: t.trader.id, status: "sold" });
        expect(listed).toMatchObject({ userId: t.seller.id, status: "listed" });
        expect(offer!.status).toBe("accepted");
        expect(await balanceOf(db, t.trader.id)).toBe(4_500);
        expect((await tradeRow(db, t.tradeRequestId)).status).toBe("pending");
        expect((await listingRow(db, t.listingId)).status).toBe("active");
      }
    }
    await expectConsistent();
  });

  it("20 parallel acceptances of one trade swap once", async () => {
    const t = await pendingTrade();

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () =>
        acceptTrade(as(db, t.seller), { tradeRequestId: t.tradeRequestId }),
      ),
    );

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toMatchObject({ code: "listing_unavailable" });
    expect(await cardRow(db, t.offered)).toMatchObject({ userId: t.seller.id, status: "vaulted" });
    expect(await cardRow(db, t.cardId)).toMatchObject({ userId: t.trader.id, status: "vaulted" });
    await expectConsistent();
  });

  it("two trade offers of the same card to two sellers accepted at once: one swap", async () => {
    const trader = await makeCollector(db);
    const offered = await vaultCard(db, trader, { name: "Contested Lugia" });
    const sellers: { seller: Collector; cardId: number; listingId: number; requestId: number }[] =
      [];
    for (let i = 0; i < 2; i++) {
      const listed = await listedCard(db);
      const { tradeRequestId } = await offerCards(db, trader, listed.listingId, [offered]);
      sellers.push({ ...listed, requestId: tradeRequestId });
    }

    const { fulfilled, rejected } = await settle(
      sellers.map((s) => acceptTrade(as(db, s.seller), { tradeRequestId: s.requestId })),
    );

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toEqual([expect.objectContaining({ code: "trade_cards_unavailable" })]);
    const winner = sellers.find((s) => s.listingId === fulfilled[0]!.listingId)!;
    const loser = sellers.find((s) => s !== winner)!;
    expect(await cardRow(db, offered)).toMatchObject({ userId: winner.seller.id });
    expect(await cardRow(db, winner.cardId)).toMatchObject({ userId: trader.id });
    expect(await cardRow(db, loser.cardId)).toMatchObject({
      userId: loser.seller.id,
      status: "listed",
    });
    const [count] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(buybackOffers)
      .where(eq(buybackOffers.cardId, offered));
    expect(count!.n).toBe(0);
    await expectConsistent();
  });
});
