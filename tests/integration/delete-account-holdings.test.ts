import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "~/.server/account/delete-account";
import { deleteUser } from "~/.server/admin/users";
import {
  listings,
  profiles,
  transactions,
  walletAccounts,
  walletEntries,
} from "~/.server/db/schema";
import { confirmReceipt, markShipped } from "~/.server/market/escrow";
import { buyNow } from "~/.server/market/settlement";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { postMovement } from "~/.server/wallet/ledger";
import { requestWithdrawal } from "~/.server/wallet/withdrawals";
import { withdrawSchema } from "~/lib/schemas/wallet";
import { parsed } from "../helpers/forms";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { buyerWith, listedCard, listPhysical } from "../helpers/market";
import { balanceOf, fund, makePack } from "../helpers/packs";
import { MAPLE_FALLS_SHIPPING } from "../helpers/shipping";

const db = databaseForFile();

const stillThere = async (userId: string) =>
  (await db.db.select().from(profiles).where(eq(profiles.id, userId))).length === 1;

/** Spends `userId`'s whole balance (a test stand-in for a purchase) so nothing blocks deletion. */
async function spendAll(userId: string) {
  const cents = await balanceOf(db, userId);
  if (cents === 0) return;
  await db.db.transaction((tx) =>
    postMovement(tx, {
      kind: "pack_purchase",
      reference: `test:spend-all:${userId}`,
      description: "Spent",
      legs: [
        { account: { userId }, amountCents: -cents },
        { account: "platform", amountCents: cents },
      ],
    }),
  );
}

describe("deleting an account that sold on the marketplace", () => {
  it("keeps the sale, its listing and the buyer's card, with the seller detached", async () => {
    const { seller, listingId } = await listedCard(db, "30.00");
    const buyer = await buyerWith(db, 5_000);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_000 });
    await spendAll(seller.id);

    await deleteAccount(as(db, seller), { confirmEmail: seller.email });

    expect(await stillThere(seller.id)).toBe(false);
    const [listing] = await db.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({ userId: null, status: "sold" });
    const [sale] = await db.db
      .select()
      .from(transactions)
      .where(eq(transactions.listingId, listingId));
    expect(sale).toMatchObject({
      sellerId: null,
      buyerId: buyer.id,
      transactionAmountCents: 3_000,
    });
  });

  it("is refused with an active listing, and for seller and buyer while a sale is in escrow", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "20.00");
    await expect(
      deleteAccount(as(db, seller), { confirmEmail: seller.email }),
    ).rejects.toMatchObject({ code: "active_listings", status: 409 });

    const buyer = await buyerWith(db, 2_000);
    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 2_000 });
    await spendAll(buyer.id);
    for (const who of [seller, buyer]) {
      await expect(deleteAccount(as(db, who), { confirmEmail: who.email })).rejects.toMatchObject({
        code: "sale_in_escrow",
        status: 409,
      });
      expect(await stillThere(who.id)).toBe(true);
    }
    const admin = await makeCollector(db);
    const asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" }, now: new Date() });
    await expect(deleteUser(asAdmin, { userId: seller.id })).rejects.toMatchObject({
      code: "sale_in_escrow",
    });

    await markShipped(as(db, seller), {
      transactionId: sale.transactionId,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    await confirmReceipt(as(db, buyer), { transactionId: sale.transactionId });
    await spendAll(seller.id);
    await deleteAccount(as(db, seller), { confirmEmail: seller.email });
    await deleteAccount(as(db, buyer), { confirmEmail: buyer.email });
    const [kept] = await db.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, sale.transactionId));
    expect(kept).toMatchObject({ sellerId: null, buyerId: null, status: "completed" });
  });
});

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
      ...MAPLE_FALLS_SHIPPING,
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

  it("is refused while a payout is pending, even with nothing left in the wallet", async () => {
    const saver = await makeCollector(db);
    await fund(db, saver.id, 2_500);
    await requestWithdrawal(
      as(db, saver),
      parsed(withdrawSchema, {
        amount: "25.00",
        routingNumber: "110000000",
        accountNumber: "000123456789",
        idempotencyKey: randomUUID(),
      }),
    );
    expect(await balanceOf(db, saver.id)).toBe(0);
    await expect(deleteAccount(as(db, saver), { confirmEmail: saver.email })).rejects.toMatchObject(
      { code: "money_in_progress" },
    );
    expect(await stillThere(saver.id)).toBe(true);
  });
});
