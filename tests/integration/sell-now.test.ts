// "Sell now" from a card's page and the vault (docs/product/market.md "Standing bids"): the card
// page's shared bid ladder, the viewer's own slabs with the best bid each can fill and their
// buyback, the vault's best bid per slab, and the card page leaving the page cache whenever a
// standing bid is placed, filled, cancelled or expired.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadCardLadder } from "~/.server/auctions/card-ladder";
import { cancelStandingBid, expireStandingBids } from "~/.server/auctions/end-standing-bids";
import { fillStandingBid } from "~/.server/auctions/fill-standing-bid";
import { placeStandingBid } from "~/.server/auctions/place-standing-bid";
import { sellNowOf } from "~/.server/auctions/sell-now";
import { registerPageInvalidation } from "~/.server/page-cache/invalidation";
import { loadVault } from "~/.server/vault/vault";
import { pageTags } from "~/lib/page-cache";
import { standingBidSchema } from "~/lib/schemas/auctions";
import { catalogueCard, expectAuctionsConsistent, ownedSlab } from "../helpers/auctions";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import { buybackOn, buyerWith } from "../helpers/market";
import { asAt, expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();

const T0 = new Date("2026-11-01T12:00:00Z");
const DAY = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

const standingBid = (
  bidder: Collector,
  cardId: number,
  { amount = "80", minGrade = "9", grader = "PSA", days = "7" } = {},
) =>
  placeStandingBid(
    asAt(db, bidder, T0),
    parsed(standingBidSchema, { cardId: String(cardId), grader, minGrade, amount, days }),
  );

describe("the card page's bid ladder", () => {
  it("shows the best open bid per grader and minimum grade, best first, naming no bidder", async () => {
    const cardId = await catalogueCard(db);
    const [ana, ben, cy] = await Promise.all([1, 2, 3].map(() => buyerWith(db, 100_000)));
    await standingBid(ana!, cardId, { amount: "80", minGrade: "9" });
    await standingBid(ben!, cardId, { amount: "95", minGrade: "9" });
    await standingBid(cy!, cardId, { amount: "300", minGrade: "10" });
    await standingBid(cy!, cardId, { amount: "120", minGrade: "9", grader: "BGS" });
    const { bidId: cancelled } = await standingBid(ana!, cardId, { amount: "500" });
    await cancelStandingBid(asAt(db, ana!, at(1_000)), { bidId: cancelled });
    await standingBid(ben!, cardId, { amount: "400", minGrade: "8", days: "1" });

    expect(await loadCardLadder(asAt(db, ana!, at(2 * DAY)), cardId)).toEqual([
      { grader: "PSA", minGrade: 10, bestCents: 30_000, bids: 1 },
      { grader: "BGS", minGrade: 9, bestCents: 12_000, bids: 1 },
      { grader: "PSA", minGrade: 9, bestCents: 9_500, bids: 2 },
    ]);
    // A visitor's context sees the same ladder.
    expect(await loadCardLadder(db.ctx({ now: at(2 * DAY) }), cardId)).toHaveLength(3);
  });
});

describe("the viewer's slabs of a card", () => {
  it("each get the best bid they can fill (not their own, grade at least the minimum) and their buyback", async () => {
    const cardId = await catalogueCard(db);
    const owner = await buyerWith(db, 100_000);
    const bidder = await buyerWith(db, 100_000);
    const psa10 = await ownedSlab(db, owner, { catalogueId: cardId, grade: 10 });
    const psa8 = await ownedSlab(db, owner, { catalogueId: cardId, grade: 8 });
    const bgs95 = await ownedSlab(db, owner, { catalogueId: cardId, grader: "BGS", grade: 9.5 });
    const offerId = await buybackOn(db, owner, psa10, 9_000);
    await standingBid(owner, cardId, { amount: "900", minGrade: "9" }); // their own: never shown
    const { bidId: best10 } = await standingBid(bidder, cardId, { amount: "250", minGrade: "10" });
    const { bidId: best9 } = await standingBid(bidder, cardId, { amount: "150", minGrade: "9" });

    expect(await sellNowOf(asAt(db, owner, at(1_000)), owner.id, cardId)).toEqual([
      {
        userCardId: psa10,
        cardName: "Test Charizard",
        grader: "PSA",
        grade: 10,
        bid: { id: best10, amountCents: 25_000 },
        buyback: { id: offerId, amountCents: 9_000, expiresAt: expect.any(Date) },
      },
      {
        userCardId: psa8,
        cardName: "Test Charizard",
        grader: "PSA",
        grade: 8,
        bid: null,
        buyback: null,
      },
      {
        userCardId: bgs95,
        cardName: "Test Charizard",
        grader: "BGS",
        grade: 9.5,
        bid: null,
        buyback: null,
      },
    ]);
    // The vault offers the same bids, slab by slab.
    const vault = await loadVault(asAt(db, owner, at(1_000)));
    const bestOf = (id: number) => vault.cards.find((card) => card.id === id)?.bestBid;
    expect(bestOf(psa10)).toEqual({ id: best10, amountCents: 25_000 });
    expect(bestOf(psa8)).toBeNull();
    expect(bestOf(bgs95)).toBeNull();

    // Once the best is filled, the next best is what the slab is offered; a stranger has no slabs.
    await fillStandingBid(asAt(db, owner, at(2_000)), {
      bidId: best10,
      userCardId: psa10,
      expectedAmountCents: 25_000,
    });
    const other = await ownedSlab(db, owner, { catalogueId: cardId, grade: 9 });
    const after = await sellNowOf(asAt(db, owner, at(3_000)), owner.id, cardId);
    expect(after.map((slab) => [slab.userCardId, slab.bid?.id ?? null])).toEqual([
      [psa8, null],
      [bgs95, null],
      [other, best9],
    ]);
    const stranger = await makeCollector(db);
    expect(await sellNowOf(asAt(db, stranger, at(3_000)), stranger.id, cardId)).toEqual([]);
    await expectLedgerBalanced(db);
    await expectAuctionsConsistent(db);
  });
});

describe("the card page leaves the page cache", () => {
  const invalidated: string[][] = [];
  let unregister: () => void = () => {};
  beforeAll(() => {
    unregister = registerPageInvalidation({
      invalidate: async (tags) => void invalidated.push([...tags]),
      ready: Promise.resolve(),
      close: async () => {},
    });
  });
  afterEach(() => void invalidated.splice(0));
  afterAll(() => unregister());

  it("when a standing bid is placed, filled, cancelled or expired", async () => {
    const cardId = await catalogueCard(db);
    const tag = pageTags.card(cardId);
    const bidder = await buyerWith(db, 100_000);
    const owner = await makeCollector(db);
    const slab = await ownedSlab(db, owner, { catalogueId: cardId });

    const { bidId: filled } = await standingBid(bidder, cardId, { amount: "90" });
    expect(invalidated.splice(0)).toContainEqual([tag]);
    await fillStandingBid(asAt(db, owner, at(1_000)), {
      bidId: filled,
      userCardId: slab,
      expectedAmountCents: 9_000,
    });
    expect(invalidated.splice(0).flat()).toContain(tag);

    const { bidId: cancelled } = await standingBid(bidder, cardId, { amount: "10" });
    invalidated.splice(0);
    await cancelStandingBid(asAt(db, bidder, at(2_000)), { bidId: cancelled });
    expect(invalidated.splice(0)).toContainEqual([tag]);

    await standingBid(bidder, cardId, { amount: "10", days: "1" });
    invalidated.splice(0);
    expect(await expireStandingBids(db.ctx({ now: at(2 * DAY) }))).toBeGreaterThanOrEqual(1);
    expect(invalidated.flat()).toContain(tag);

    // A refused fill changes nothing and invalidates nothing.
    invalidated.splice(0);
    await expect(
      fillStandingBid(asAt(db, owner, at(3 * DAY)), {
        bidId: filled,
        userCardId: slab,
        expectedAmountCents: 9_000,
      }),
    ).rejects.toMatchObject({ code: "card_not_vaulted" });
    expect(invalidated).toEqual([]);
  });
});
