import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/.server/account/delete-account";
import { profiles, walletAccounts, walletEntries } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { postMovement } from "~/.server/wallet/ledger";
import { as, makeCollector } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { fund, makePack } from "../helpers/packs";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

const stillThere = async (userId: string) =>
  (await db.db.select().from(profiles).where(eq(profiles.id, userId))).length === 1;

describe("deleting an account with holdings", () => {
  it("is refused while the vault holds a card, and nothing is deleted", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 2_500);
    await openPack(as(db, user), { packId: await makePack(db), idempotencyKey: randomUUID() });
    await expect(deleteAccount(as(db, user), { confirmEmail: user.email })).rejects.toMatchObject({
      code: "owns_cards",
      status: 409,
    });
    expect(await stillThere(user.id)).toBe(true);
  });

  it("is refused while a redemption is on its way", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 2_500);
    const pull = await openPack(as(db, user), {
      packId: await makePack(db),
      idempotencyKey: randomUUID(),
    });
    await requestRedemption(as(db, user), {
      cardId: pull.card.id,
      shippingName: "Casey Collector",
      shippingAddress: "1 Main St",
      shippingCity: "Maple Falls",
      shippingState: "OH",
      shippingZip: "44101",
    });
    await expect(deleteAccount(as(db, user), { confirmEmail: user.email })).rejects.toMatchObject({
      code: "redemption_in_progress",
    });
    expect(await stillThere(user.id)).toBe(true);
  });

  it("is refused with a wallet balance, and allowed at $0 keeping the ledger", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 2_500);
    await expect(deleteAccount(as(db, user), { confirmEmail: user.email })).rejects.toMatchObject({
      code: "wallet_balance",
    });

    const spender = await makeCollector(db);
    await fund(db, spender.id, 2_500);
    const pull = await openPack(as(db, spender), {
      packId: await makePack(db, { priceCents: 2_500 }),
      idempotencyKey: randomUUID(),
    });
    // Sold back and then spent down to zero: nothing held, so the account may go.
    await acceptBuyback(as(db, spender), { offerId: pull.buyback.offerId });
    const [account] = await db.db
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.userId, spender.id));
    await db.db.transaction(async (tx) => {
      await postMovement(tx, {
        kind: "pack_purchase",
        reference: "test:spend",
        description: "Spent",
        legs: [
          { account: { userId: spender.id }, amountCents: -account!.balanceCents },
          { account: "platform", amountCents: account!.balanceCents },
        ],
      });
    });
    await deleteAccount(as(db, spender), { confirmEmail: spender.email });
    expect(await stillThere(spender.id)).toBe(false);
    const entries = await db.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.accountId, account!.id));
    expect(entries.length).toBeGreaterThanOrEqual(3);
  });
});
