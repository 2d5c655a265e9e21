import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userCards } from "~/.server/db/schema";
import { cancelListing, createListing } from "~/.server/market/listings";
import { acceptOffer, makeOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { acceptTrade, sendTradeOffer } from "~/.server/market/trades";
import { confirmReceipt, markShipped } from "~/.server/market/escrow";
import { openPack } from "~/.server/packs/opening";
import { as, makeCollector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { balanceOf, expectLedgerBalanced, fund, makePack } from "../helpers/packs";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

async function collectorWithCard() {
  const user = await makeCollector(db);
  await fund(db, user.id, 2_500);
  const pull = await openPack(as(db, user), {
    packId: await makePack(db),
    idempotencyKey: randomUUID(),
  });
  return { user, cardId: pull.card.id };
}

const listing = (cardId?: number, price = "10.01") => ({
  title: "Graded card",
  description: "A graded card from a pack",
  price,
  category: "Pokemon" as const,
  condition: "Mint" as const,
  imageUrl: "",
  cardId: cardId ? String(cardId) : undefined,
});

describe("marketplace smoke", () => {
  it("sells a listed card on an accepted buy offer and moves it", async () => {
    const a = await collectorWithCard();
    const b = await makeCollector(db);
    await fund(db, b.id, 5_000);
    const { listingId } = await createListing(as(db, a.user), listing(a.cardId));
    const { offerId } = await makeOffer(as(db, b), {
      listingId: String(listingId),
      offerType: "buy",
      amount: "10.01",
      message: "I would like this card",
    });
    const before = await balanceOf(db, a.user.id);
    const accepted = await acceptOffer(as(db, a.user), { offerId });
    expect(accepted.kind).toBe("sale");
    expect(await balanceOf(db, a.user.id)).toBe(before + 1001 - 150);
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, a.cardId));
    expect(card).toMatchObject({ userId: b.id, status: "vaulted", listingId: null });
    await expectLedgerBalanced(db);
  });

  it("swaps cards on a trade, and escrows a physical sale until receipt", async () => {
    const a = await collectorWithCard();
    const b = await collectorWithCard();
    const { listingId } = await createListing(as(db, a.user), listing(a.cardId));
    const { tradeRequestId } = await sendTradeOffer(as(db, b.user), {
      listingId: String(listingId),
      cardIds: [String(b.cardId)],
    });
    await acceptTrade(as(db, a.user), { tradeRequestId });
    const cards = await db.db.select().from(userCards);
    expect(cards.find((c) => c.id === a.cardId)?.userId).toBe(b.user.id);
    expect(cards.find((c) => c.id === b.cardId)?.userId).toBe(a.user.id);

    const physical = await createListing(as(db, a.user), listing(undefined, "20"));
    await fund(db, b.user.id, 2_000);
    const sale = await buyNow(as(db, b.user), {
      listingId: physical.listingId,
      expectedPriceCents: 2_000,
    });
    expect(sale.status).toBe("awaiting_shipment");
    await markShipped(as(db, a.user), {
      transactionId: String(sale.transactionId),
      carrier: "UPS",
      trackingNumber: "1Z999",
    });
    const sellerBefore = await balanceOf(db, a.user.id);
    await confirmReceipt(as(db, b.user), { transactionId: sale.transactionId });
    expect(await balanceOf(db, a.user.id)).toBe(sellerBefore + 1_700);
    await expectLedgerBalanced(db);
    const other = await createListing(as(db, a.user), listing(undefined, "5"));
    await cancelListing(as(db, a.user), { listingId: other.listingId });
  });
});
