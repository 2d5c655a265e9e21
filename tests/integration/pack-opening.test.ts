import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackOffers, packOpenings, userCards } from "~/.server/db/schema";
import { isDomainError } from "~/.server/errors";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { loadVault } from "~/.server/vault/vault";
import { as, makeCollector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { balanceOf, expectLedgerBalanced, fund, makePack } from "../helpers/packs";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

describe("openPack", () => {
  it("debits the price, takes one unit, vaults a card and offers 90% buyback", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 3 });
    await fund(db, user.id, 10_000);
    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
    expect(await balanceOf(db, user.id)).toBe(7_500);
    expect(pull.card.grade).toBeGreaterThanOrEqual(8);
    expect(pull.buyback.amountCents).toBe(Math.round(pull.card.estimatedValueCents * 0.9));
    const vault = await loadVault(as(db, user));
    expect(vault.summary.cardsInVault).toBe(1);
    expect(vault.summary.activeOffers).toBe(1);
    await expectLedgerBalanced(db, new Map([[packId, 3]]));
  });

  it("returns the same pull for a retried idempotency key and charges once", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db);
    await fund(db, user.id, 5_000);
    const key = randomUUID();
    const first = await openPack(as(db, user), { packId, idempotencyKey: key });
    const again = await openPack(as(db, user), { packId, idempotencyKey: key });
    expect(again).toEqual(first);
    expect(await balanceOf(db, user.id)).toBe(2_500);
  });

  it("refuses without funds and changes nothing", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db, { availableCount: 1 });
    await expect(openPack(as(db, user), { packId, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: "insufficient_balance",
      message: "Insufficient balance",
    });
    const cards = await db.db.select().from(userCards).where(eq(userCards.userId, user.id));
    expect(cards).toHaveLength(0);
    await expectLedgerBalanced(db, new Map([[packId, 1]]));
  });
});

describe("buyback and redemption", () => {
  it("pays a buyback once and marks the card sold", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db);
    await fund(db, user.id, 2_500);
    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
    const paid = await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId });
    expect(paid.amountCents).toBe(pull.buyback.amountCents);
    expect(await balanceOf(db, user.id)).toBe(pull.buyback.amountCents);
    const again = await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId }).catch((e) => e);
    expect(isDomainError(again) && again.message).toBe("No active buyback offer found");
    await expectLedgerBalanced(db);
  });

  it("redeems a vaulted card and cancels its offer", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db);
    await fund(db, user.id, 2_500);
    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
    await requestRedemption(as(db, user), {
      cardId: pull.card.id,
      shippingName: "Casey Collector",
      shippingAddress: "1 Main St",
      shippingCity: "Maple Falls",
      shippingState: "oh",
      shippingZip: "44101",
    });
    const [offer] = await db.db.select().from(buybackOffers).where(eq(buybackOffers.cardId, pull.card.id));
    expect(offer!.status).toBe("cancelled");
    const [opening] = await db.db.select().from(packOpenings).where(eq(packOpenings.cardId, pull.card.id));
    expect(opening!.nonce).toBe(0);
  });
});
