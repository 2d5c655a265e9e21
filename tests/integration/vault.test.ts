// The vault (docs/product/vault.md): the user's cards newest first with their active buyback
// offers, the summary counters, and the card status transitions (app/.server/vault/card-status.ts,
// docs/design.md invariant 2).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buybackOffers, userCards } from "~/.server/db/schema";
import type { Pull } from "~/lib/domain/packs";
import { acceptBuyback } from "~/.server/vault/buyback";
import {
  linkCardToListing,
  listCard,
  redeemCard,
  returnRedeemedCard,
  sellCardToPlatform,
  transferListedCard,
  transferVaultedCard,
  unlistCard,
} from "~/.server/vault/card-status";
import { DomainError } from "~/.server/errors";
import type { Tx } from "~/.server/context";
import { requestRedemption } from "~/.server/vault/redemption";
import { loadVault, loadVaultPage } from "~/.server/vault/vault";
import { makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { packPullsForFile } from "../helpers/pulls";
import { MAPLE_FALLS_SHIPPING as SHIPPING } from "../helpers/shipping";
import { asAt, expectLedgerBalanced, fundedCollector } from "../helpers/packs";
import { BUYBACK_TTL_SECONDS } from "~/lib/rates";

const db = databaseForFile();
const { pullAt } = packPullsForFile(db);

const T = new Date("2026-11-01T12:00:00Z");
const minutes = (n: number) => new Date(T.getTime() + n * 60_000);

describe("loadVault", () => {
  it("is empty for a new collector and refuses a visitor", async () => {
    const user = await makeCollector(db);
    expect(await loadVault(asAt(db, user, T))).toEqual({
      cards: [],
      summary: { totalValueCents: 0, totalPaidCents: 0, cardsInVault: 0, activeOffers: 0 },
    });
    await expect(loadVault(db.ctx({ actor: null }))).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
  });

  it("lists every card newest first with its status and active offer, and sums the vaulted ones", async () => {
    const user = await fundedCollector(db, 5 * 2_500);
    const stranger = await fundedCollector(db, 2_500);
    const [kept, sold, redeemed, listed, alsoKept] = [
      await pullAt(user, minutes(0)),
      await pullAt(user, minutes(1)),
      await pullAt(user, minutes(2)),
      await pullAt(user, minutes(3)),
      await pullAt(user, minutes(4)),
    ];
    await pullAt(stranger, minutes(5));
    await acceptBuyback(asAt(db, user, minutes(10)), { offerId: sold!.buyback.offerId });
    await requestRedemption(asAt(db, user, minutes(11)), {
      cardId: redeemed!.card.id,
      ...SHIPPING,
    });
    // A listing's vault exit.
    await db.db.transaction((tx) =>
      listCard({ db: tx }, { userId: user.id, cardId: listed!.card.id }),
    );

    const vault = await loadVault(asAt(db, user, minutes(20)));

    expect(vault.cards.map((card) => [card.id, card.status])).toEqual([
      [alsoKept!.card.id, "vaulted"],
      [listed!.card.id, "listed"],
      [redeemed!.card.id, "redeemed"],
      [sold!.card.id, "sold"],
      [kept!.card.id, "vaulted"],
    ]);
    const first = vault.cards[0]!;
    expect(first).toEqual({
      id: alsoKept!.card.id,
      name: alsoKept!.card.name,
      description: alsoKept!.card.description,
      category: "Trading Cards",
      packCategory: "Pokemon",
      rarity: alsoKept!.card.rarity,
      grade: alsoKept!.card.grade,
      condition: "Mint",
      estimatedValueCents: alsoKept!.card.estimatedValueCents,
      status: "vaulted",
      certNumber: alsoKept!.card.certNumber,
      slab: alsoKept!.card.slab,
      // The catalogue card of its slab (its page, /cards/{id}).
      catalogueCardId: alsoKept!.card.slab ? expect.any(Number) : null,
      pulledAt: minutes(4),
      // Worth today: the slab's FMV (no comps yet: no estimate), the pack price paid.
      worth: {
        fmvCents: alsoKept!.card.estimatedValueCents,
        estimate: null,
        paidCents: 2_500,
      },
      activeOffer: {
        id: alsoKept!.buyback.offerId,
        amountCents: alsoKept!.buyback.amountCents,
        expiresAt: alsoKept!.buyback.expiresAt,
      },
      // No standing bid on its card: nothing to "Sell now" to.
      bestBid: null,
    });
    expect(vault.cards.map((card) => card.activeOffer?.id ?? null)).toEqual([
      alsoKept!.buyback.offerId,
      null,
      null,
      null,
      kept!.buyback.offerId,
    ]);
    expect(vault.summary).toEqual({
      totalValueCents: kept!.card.estimatedValueCents + alsoKept!.card.estimatedValueCents,
      totalPaidCents: 2 * 2_500,
      cardsInVault: 2,
      activeOffers: 2,
    });

    // The page reads only what it shows: here a page of one card a grid, every offer.
    const page = await loadVaultPage(asAt(db, user, minutes(20)), 1);
    const [newestKept, , , , oldestKept] = vault.cards;
    expect(page).toEqual({
      summary: vault.summary,
      grids: {
        vaulted: { cards: [newestKept], total: 2 },
        all: { cards: [newestKept], total: 5 },
      },
      offerCards: [newestKept, oldestKept],
    });
    const secondPage = await loadVaultPage(asAt(db, user, minutes(20)), 2);
    expect(secondPage.grids.vaulted.cards).toEqual([newestKept, oldestKept]);
    expect(secondPage.grids.all.cards).toEqual(vault.cards.slice(0, 2));
    await expectLedgerBalanced(db);
  });

  it("stops showing an offer once it expires, keeping the card in the vault", async () => {
    const user = await fundedCollector(db, 2_500);
    const pull = await pullAt(user, T);
    const expiry = new Date(T.getTime() + BUYBACK_TTL_SECONDS * 1000);

    const before = await loadVault(asAt(db, user, new Date(expiry.getTime() - 1)));
    expect(before.cards[0]!.activeOffer).toMatchObject({ id: pull.buyback.offerId });
    expect(before.summary.activeOffers).toBe(1);

    const after = await loadVault(asAt(db, user, expiry));
    expect(after.cards[0]).toMatchObject({ status: "vaulted", activeOffer: null });
    expect(after.summary).toEqual({
      totalValueCents: pull.card.estimatedValueCents,
      totalPaidCents: 2_500,
      cardsInVault: 1,
      activeOffers: 0,
    });
  });
});

describe("card status transitions", () => {
  const cardRow = async (id: number) =>
    (await db.db.select().from(userCards).where(eq(userCards.id, id)))[0]!;
  const offerStatus = async (pull: Pull) =>
    (await db.db.select().from(buybackOffers).where(eq(buybackOffers.id, pull.buyback.offerId)))[0]!
      .status;

  it("refuses a card that is not the user's or not vaulted, and the offer stays pending", async () => {
    const owner = await fundedCollector(db, 2_500);
    const other = await makeCollector(db);
    const pull = await pullAt(owner, T);

    await expect(
      db.db.transaction((tx) => listCard({ db: tx }, { userId: other.id, cardId: pull.card.id })),
    ).rejects.toMatchObject({
      code: "card_not_vaulted",
      status: 409,
      message: "This card is no longer in your vault",
    });
    expect(await offerStatus(pull)).toBe("pending");

    await db.db.transaction((tx) =>
      listCard({ db: tx }, { userId: owner.id, cardId: pull.card.id }),
    );
    await expect(
      db.db.transaction((tx) => redeemCard({ db: tx }, { userId: owner.id, cardId: pull.card.id })),
    ).rejects.toMatchObject({ code: "card_not_vaulted" });
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "listed", userId: owner.id });
    expect(await offerStatus(pull)).toBe("cancelled");
    await expectLedgerBalanced(db);
  });

  it("moves a listed card only from the listing it is linked to, and only to one buyer", async () => {
    const seller = await fundedCollector(db, 2_500);
    const buyer = await makeCollector(db);
    const pull = await pullAt(seller, T);
    // Only a card listCard just listed (no listing yet) is linked to a listing.
    await expect(
      db.db.transaction((tx) =>
        linkCardToListing({ db: tx }, { cardId: pull.card.id, listingId: 987_654 }),
      ),
    ).rejects.toMatchObject({ code: "card_not_vaulted", status: 409 });

    const wrongListing = { cardId: pull.card.id, listingId: 987_654 };
    for (const move of [
      (tx: Tx) => unlistCard({ db: tx }, wrongListing),
      (tx: Tx) =>
        transferListedCard({ db: tx }, { ...wrongListing, sellerId: seller.id, buyerId: buyer.id }),
    ]) {
      await expect(db.db.transaction(move)).rejects.toMatchObject({
        code: "listing_unavailable",
        status: 409,
      });
    }
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "vaulted", userId: seller.id });
  });

  it("hands a vaulted card over once, redeems and returns it, and sells it once", async () => {
    const owner = await fundedCollector(db, 2_500);
    const other = await makeCollector(db);
    const pull = await pullAt(owner, T);
    const refused = () => new DomainError("test_refusal", "refused", 409);

    await db.db.transaction((tx) =>
      transferVaultedCard(
        { db: tx },
        { cardId: pull.card.id, fromUserId: owner.id, toUserId: other.id },
        refused,
      ),
    );
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "vaulted", userId: other.id });
    expect(await offerStatus(pull)).toBe("cancelled");
    await expect(
      db.db.transaction((tx) =>
        transferVaultedCard(
          { db: tx },
          { cardId: pull.card.id, fromUserId: owner.id, toUserId: other.id },
          refused,
        ),
      ),
    ).rejects.toMatchObject({ code: "test_refusal" });

    await expect(
      db.db.transaction((tx) =>
        returnRedeemedCard({ db: tx }, { userId: other.id, cardId: pull.card.id }),
      ),
    ).rejects.toMatchObject({ code: "card_not_redeemed", status: 409 });
    await db.db.transaction((tx) =>
      redeemCard({ db: tx }, { userId: other.id, cardId: pull.card.id }),
    );
    await expect(
      db.db.transaction((tx) =>
        sellCardToPlatform({ db: tx }, { userId: other.id, cardId: pull.card.id }, refused),
      ),
    ).rejects.toMatchObject({ code: "test_refusal" });
    await db.db.transaction((tx) =>
      returnRedeemedCard({ db: tx }, { userId: other.id, cardId: pull.card.id }),
    );
    await db.db.transaction((tx) =>
      sellCardToPlatform({ db: tx }, { userId: other.id, cardId: pull.card.id }, refused),
    );
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "sold", userId: other.id });
    await expect(
      db.db.transaction((tx) =>
        sellCardToPlatform({ db: tx }, { userId: other.id, cardId: pull.card.id }, refused),
      ),
    ).rejects.toMatchObject({ code: "test_refusal" });
  });
});
