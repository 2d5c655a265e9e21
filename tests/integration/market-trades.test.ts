// Trade offers of vault cards (docs/product/market.md
// 'Trade offer dialog', 5, 8): the spec's messages, the swap of every card at once, a card that
// left the vault since the offer failing the acceptance cleanly, and refusals to anyone who
// does not own the thing (nothing changed).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buybackOffers, tradeItems } from "~/.server/db/schema";
import { loadOfferInbox } from "~/.server/market/inbox";
import { cancelListing } from "~/.server/market/listings";
import { acceptTrade, endTrade, sendTradeOffer } from "~/.server/market/trades";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { tradeOfferSchema } from "~/lib/schemas/market";
import { redemptionSchema } from "~/lib/schemas/redemption";
import { catalogueCard, ownedSlab } from "../helpers/auctions";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { parsed, refusalOf } from "../helpers/forms";
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
  listingRow,
  listPhysical,
  offerRow,
  tradeRow,
  transactionsOf,
  vaultCard,
  offerCards,
} from "../helpers/market";
import { expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();

/** A trader with `count` vaulted cards. */
async function traderWithCards(count: number) {
  const trader = await makeCollector(db);
  const cardIds: number[] = [];
  for (let i = 0; i < count; i++) {
    cardIds.push(
      await vaultCard(db, trader, { name: `Offered card ${i + 1}`, rarity: "uncommon" }),
    );
  }
  return { trader, cardIds };
}

describe("sending a trade offer", () => {
  it("records a pending request with one item per card and the default message", async () => {
    const { seller, listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(2);
    const { tradeRequestId } = await offerCards(db, trader, listingId, [...cardIds, cardIds[0]!]);
    expect(await tradeRow(db, tradeRequestId)).toMatchObject({
      listingId,
      fromUserId: trader.id,
      toUserId: seller.id,
      message: "Trade offer for Graded Charizard",
      status: "pending",
    });
    const items = await db.db
      .select()
      .from(tradeItems)
      .where(eq(tradeItems.tradeRequestId, tradeRequestId));
    expect(items.map((item) => item.cardId).sort()).toEqual([...cardIds].sort());
    expect(
      items.every((item) => item.offeredBy === trader.id && item.listingId === listingId),
    ).toBe(true);
    // The offered cards stay in the trader's vault meanwhile.
    for (const cardId of cardIds) {
      expect(await cardRow(db, cardId)).toMatchObject({ userId: trader.id, status: "vaulted" });
    }
  });

  it("shows the seller each offered card's slab: grader, cert with its verification link, photos", async () => {
    const { seller, listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const slabCardId = await ownedSlab(db, trader, {
      catalogueId: await catalogueCard(db),
      grader: "BGS",
      grade: 9.5,
    });
    const { tradeRequestId } = await offerCards(db, trader, listingId, [cardIds[0]!, slabCardId]);
    const inbox = await loadOfferInbox(as(db, seller));
    const offer = inbox.received.find((o) => o.kind === "trade" && o.id === tradeRequestId)!;
    const slabCard = offer.cards.find((card) => card.id === slabCardId)!;
    expect(slabCard.slab).toMatchObject({
      grader: "BGS",
      cert: expect.stringMatching(/^[0-9]{8}$/),
      frontImageUrl: null,
      backImageUrl: null,
    });
    expect(slabCard.slab!.verifyUrl).toContain(slabCard.slab!.cert);
    // A card pulled before inventory-backed packs has no slab (and no invented cert).
    expect(offer.cards.find((card) => card.id === cardIds[0])!.slab).toBeNull();
  });

  it("keeps a given message verbatim (XSS as text)", async () => {
    const { listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const message = "<script>alert(1)</script>";
    const { tradeRequestId } = await offerCards(db, trader, listingId, cardIds, message);
    expect((await tradeRow(db, tradeRequestId)).message).toBe(message);
  });

  it("refuses a visitor with 'Please sign in to create trades'", async () => {
    const { listingId } = await listedCard(db);
    const { cardIds } = await traderWithCards(1);
    await expectRefusedUnchanged(
      db,
      () =>
        sendTradeOffer(
          db.ctx(),
          parsed(tradeOfferSchema, {
            idempotencyKey: randomUUID(),
            listingId: String(listingId),
            cardIds: cardIds.map(String),
          }),
        ),
      { code: "not_signed_in", status: 401, message: "Please sign in to create trades" },
    );
  });

  it("refuses an offer of no cards with 'Please select at least one card to trade' (the seam's schema)", () => {
    for (const cardIds of [[], undefined]) {
      expect(
        refusalOf(tradeOfferSchema, { idempotencyKey: randomUUID(), listingId: "1", cardIds }),
      ).toBe("Please select at least one card to trade");
    }
  });

  it("refuses to trade with someone else's card, or a card not in the vault (409)", async () => {
    const { listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const other = await makeCollector(db);
    const othersCard = await vaultCard(db, other);
    await expectRefusedUnchanged(
      db,
      () => offerCards(db, trader, listingId, [cardIds[0]!, othersCard]),
      {
        code: "card_not_vaulted",
        status: 409,
      },
    );
    const listedElsewhere = await vaultCard(db, trader);
    await listCard(db, trader, listedElsewhere);
    await expectRefusedUnchanged(db, () => offerCards(db, trader, listingId, [listedElsewhere]), {
      code: "card_not_vaulted",
      status: 409,
    });
    await expectRefusedUnchanged(db, () => offerCards(db, trader, listingId, [2_000_000_000]), {
      code: "card_not_vaulted",
      status: 409,
    });
  });

  it("refuses a trade for your own listing (403) and for a physical item or closed listing (409)", async () => {
    const { seller, listingId } = await listedCard(db);
    const sellerCard = await vaultCard(db, seller);
    await expectRefusedUnchanged(db, () => offerCards(db, seller, listingId, [sellerCard]), {
      code: "own_listing",
      status: 403,
    });
    const { trader, cardIds } = await traderWithCards(1);
    const physical = await listPhysical(db, seller);
    await expectRefusedUnchanged(db, () => offerCards(db, trader, physical, cardIds), {
      code: "listing_unavailable",
      status: 409,
    });
    await cancelListing(as(db, seller), { listingId });
    await expectRefusedUnchanged(db, () => offerCards(db, trader, listingId, cardIds), {
      code: "listing_unavailable",
      status: 409,
    });
  });
});

describe("accepting a trade", () => {
  it("swaps every card at once, cancels their buybacks and declines the other offers", async () => {
    const { seller, cardId, listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(3);
    const buyback = await buybackOn(db, trader, cardIds[1]!);
    const rival = await traderWithCards(1);
    const bidder = await buyerWith(db, 5_000);
    const { tradeRequestId } = await offerCards(db, trader, listingId, cardIds);
    const rivalRequest = await offerCards(db, rival.trader, listingId, rival.cardIds);
    const bid = await buyOffer(db, bidder, listingId, "20.00");

    const result = await acceptTrade(as(db, seller), { tradeRequestId });

    expect(result).toEqual({ listingId, receivedCardIds: [...cardIds].sort((a, b) => a - b) });
    expect(await listingRow(db, listingId)).toMatchObject({ status: "traded" });
    expect(await cardRow(db, cardId)).toMatchObject({
      userId: trader.id,
      status: "vaulted",
      listingId: null,
    });
    for (const offered of cardIds) {
      expect(await cardRow(db, offered)).toMatchObject({
        userId: seller.id,
        status: "vaulted",
        listingId: null,
      });
    }
    const [offer] = await db.db.select().from(buybackOffers).where(eq(buybackOffers.id, buyback));
    expect(offer!.status).toBe("cancelled");
    expect(await tradeRow(db, tradeRequestId)).toMatchObject({
      status: "accepted",
      respondedAt: expect.any(Date),
    });
    expect((await tradeRow(db, rivalRequest.tradeRequestId)).status).toBe("declined");
    expect((await offerRow(db, bid)).status).toBe("declined");
    expect(await cardRow(db, rival.cardIds[0]!)).toMatchObject({ userId: rival.trader.id });
    expect(await transactionsOf(db, listingId)).toEqual([]);
    // Both can use their new cards at once: the seller lists one they received.
    await listCard(db, seller, cardIds[0]!);
    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it.each([
    ["bought back", "buyback"],
    ["redeemed", "redeem"],
    ["listed", "list"],
  ] as const)(
    "fails cleanly when an offered card was %s since the offer, changing nothing",
    async (_, how) => {
      const { seller, cardId, listingId } = await listedCard(db);
      const { trader, cardIds } = await traderWithCards(2);
      const { tradeRequestId } = await offerCards(db, trader, listingId, cardIds);
      const gone = cardIds[1]!;
      if (how === "buyback") {
        const offerId = await buybackOn(db, trader, gone);
        await acceptBuyback(as(db, trader), { offerId });
      } else if (how === "redeem") {
        await requestRedemption(
          as(db, trader),
          parsed(redemptionSchema, {
            cardId: String(gone),
            shippingName: "Casey Collector",
            shippingAddress: "1 Main St",
            shippingCity: "Springfield",
            shippingState: "IL",
            shippingZip: "62701",
          }),
        );
      } else {
        await listCard(db, trader, gone);
      }

      await expectRefusedUnchanged(db, () => acceptTrade(as(db, seller), { tradeRequestId }), {
        code: "trade_cards_unavailable",
        status: 409,
        message: "A card in this trade is no longer in the sender's vault",
      });
      expect(await listingRow(db, listingId)).toMatchObject({ status: "active" });
      expect((await tradeRow(db, tradeRequestId)).status).toBe("pending");
      expect(await cardRow(db, cardId)).toMatchObject({ userId: seller.id, status: "listed" });
      expect(await cardRow(db, cardIds[0]!)).toMatchObject({
        userId: trader.id,
        status: "vaulted",
      });
      await expectLedgerBalanced(db);
      await expectMarketConsistent(db);
    },
  );

  it("fails cleanly when an offered card was traded away to someone else since", async () => {
    const first = await listedCard(db);
    const second = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const one = await offerCards(db, trader, first.listingId, cardIds);
    const two = await offerCards(db, trader, second.listingId, cardIds);
    await acceptTrade(as(db, first.seller), { tradeRequestId: one.tradeRequestId });
    await expectRefusedUnchanged(
      db,
      () => acceptTrade(as(db, second.seller), { tradeRequestId: two.tradeRequestId }),
      { code: "trade_cards_unavailable", status: 409 },
    );
    expect(await cardRow(db, cardIds[0]!)).toMatchObject({ userId: first.seller.id });
    await expectMarketConsistent(db);
  });

  it("refuses anyone but the seller (403), the sender included, changing nothing", async () => {
    const { listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const stranger = await makeCollector(db);
    const { tradeRequestId } = await offerCards(db, trader, listingId, cardIds);
    for (const who of [stranger, trader]) {
      await expectRefusedUnchanged(db, () => acceptTrade(as(db, who), { tradeRequestId }), {
        code: "not_your_listing",
        status: 403,
      });
    }
    await expectRefusedUnchanged(db, () => acceptTrade(db.ctx(), { tradeRequestId }), {
      code: "not_signed_in",
      status: 401,
    });
  });

  it("refuses a request that is no longer pending, or unknown (409)", async () => {
    const { seller, listingId } = await listedCard(db);
    const a = await traderWithCards(1);
    const b = await traderWithCards(1);
    const declined = await offerCards(db, a.trader, listingId, a.cardIds);
    const withdrawn = await offerCards(db, b.trader, listingId, b.cardIds);
    await endTrade(as(db, seller), { tradeRequestId: declined.tradeRequestId, as: "seller" });
    await endTrade(as(db, b.trader), { tradeRequestId: withdrawn.tradeRequestId, as: "sender" });
    expect((await tradeRow(db, declined.tradeRequestId)).status).toBe("declined");
    expect((await tradeRow(db, withdrawn.tradeRequestId)).status).toBe("withdrawn");
    for (const tradeRequestId of [declined.tradeRequestId, withdrawn.tradeRequestId]) {
      await expectRefusedUnchanged(db, () => acceptTrade(as(db, seller), { tradeRequestId }), {
        code: "trade_unavailable",
        status: 409,
      });
    }
    await expectRefusedUnchanged(
      db,
      () => acceptTrade(as(db, seller), { tradeRequestId: 2_000_000_000 }),
      { code: "trade_unavailable", status: 409 },
    );
  });
});

describe("declining and withdrawing a trade", () => {
  it("refuses to decline or withdraw someone else's trade (409), changing nothing", async () => {
    const { seller, listingId } = await listedCard(db);
    const { trader, cardIds } = await traderWithCards(1);
    const stranger = await makeCollector(db);
    const { tradeRequestId } = await offerCards(db, trader, listingId, cardIds);
    const refusals: [Collector, "seller" | "sender"][] = [
      [stranger, "seller"],
      [stranger, "sender"],
      [trader, "seller"],
      [seller, "sender"],
    ];
    for (const [who, role] of refusals) {
      await expectRefusedUnchanged(db, () => endTrade(as(db, who), { tradeRequestId, as: role }), {
        code: "trade_unavailable",
        status: 409,
      });
    }
    await expectRefusedUnchanged(db, () => endTrade(db.ctx(), { tradeRequestId, as: "sender" }), {
      code: "not_signed_in",
      status: 401,
    });
    const [request] = await db.db
      .select()
      .from(tradeItems)
      .where(eq(tradeItems.tradeRequestId, tradeRequestId));
    expect(request).toBeDefined();
    expect((await tradeRow(db, tradeRequestId)).status).toBe("pending");
  });
});
