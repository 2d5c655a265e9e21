// Buyback offers (docs/product/vault.md; docs/design.md invariants 2 and
// 3): paid once, only while pending, unexpired and the caller's, and never together with
// another exit of the same card. Races are meaningful on PostgreSQL; the ledger checker runs
// after each.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { salesActivity, walletEntries } from "~/.server/db/schema";
import type { Pull } from "~/lib/domain/packs";
import { acceptBuyback } from "~/.server/vault/buyback";
import { listCard } from "~/.server/vault/card-status";
import { requestRedemption } from "~/.server/vault/redemption";
import { as, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { packPullsForFile, pullRows } from "../helpers/pulls";
import { MAPLE_FALLS_SHIPPING as SHIPPING } from "../helpers/shipping";
import { asAt, balanceOf, expectLedgerBalanced, fundedCollector, settle } from "../helpers/packs";
import { BUYBACK_TTL_SECONDS } from "~/lib/rates";

const db = databaseForFile();
const { stock, collectorWithPull } = packPullsForFile(db);
const { cardRow, offerRow, redemptionsOf } = pullRows(db);
const T = new Date("2026-11-01T12:00:00Z");

const salesOf = (userId: string) =>
  db.db.select().from(salesActivity).where(eq(salesActivity.sellerId, userId));

/** What a refused buyback must leave as it was. */
async function snapshot(user: Collector, pull: Pull) {
  return {
    balance: await balanceOf(db, user.id),
    card: await cardRow(pull.card.id),
    offer: await offerRow(pull.buyback.offerId),
    sales: (await salesOf(user.id)).length,
  };
}

const noActiveOffer = { code: "no_active_offer", message: "No active buyback offer found" };

describe("acceptBuyback", () => {
  it("credits 90 % of the value, sells the card and records the sale", async () => {
    const { user, pull } = await collectorWithPull(T);
    const at = new Date(T.getTime() + 60_000);

    const paid = await acceptBuyback(asAt(db, user, at), { offerId: pull.buyback.offerId });

    expect(paid).toMatchObject({ amountCents: pull.buyback.amountCents, cardName: pull.card.name });
    expect(pull.buyback.amountCents).toBe(Math.round(pull.card.estimatedValueCents * 0.9));
    expect(await balanceOf(db, user.id)).toBe(pull.buyback.amountCents);
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "sold" });
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({
      status: "accepted",
      acceptedAt: at,
    });
    expect(await salesOf(user.id)).toEqual([
      expect.objectContaining({
        salePriceCents: pull.buyback.amountCents,
        cardName: pull.card.name,
        category: "Pokemon",
        rarity: pull.card.rarity,
        soldAt: at,
      }),
    ]);
    await expectLedgerBalanced(db, stock());
  });

  it("pays once when the same offer is accepted 20 times at once", async () => {
    const { user, pull } = await collectorWithPull();

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () =>
        acceptBuyback(as(db, user), { offerId: pull.buyback.offerId }),
      ),
    );

    expect(fulfilled).toMatchObject([
      { amountCents: pull.buyback.amountCents, cardName: pull.card.name },
    ]);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toMatchObject(noActiveOffer);
    expect(await balanceOf(db, user.id)).toBe(pull.buyback.amountCents);
    // One payout: the user's credit and the platform's debit.
    expect(
      (
        await db.db
          .select({ amountCents: walletEntries.amountCents })
          .from(walletEntries)
          .where(eq(walletEntries.reference, `buyback_offer:${pull.buyback.offerId}`))
      )
        .map((entry) => entry.amountCents)
        .sort((a, b) => a - b),
    ).toEqual([-pull.buyback.amountCents, pull.buyback.amountCents]);
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "sold" });
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({ status: "accepted" });
    await expectLedgerBalanced(db, stock());
  });

  it("leaves exactly one of a buyback, a redemption and a listing of one card at once", async () => {
    const winners: string[] = [];
    for (let round = 0; round < 6; round++) {
      const { user, pull } = await collectorWithPull();
      const ctx = as(db, user);
      const { fulfilled, rejected } = await settle<string>([
        acceptBuyback(ctx, { offerId: pull.buyback.offerId }).then(() => "sold"),
        requestRedemption(ctx, { cardId: pull.card.id, ...SHIPPING }).then(() => "redeemed"),
        // The vault exit a listing makes (listCard), in its own transaction.
        db.db
          .transaction((tx) => listCard({ db: tx }, { userId: user.id, cardId: pull.card.id }))
          .then(() => "listed"),
      ]);

      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(2);
      for (const error of rejected) {
        expect(error).toMatchObject({
          code: expect.stringMatching(/^(no_active_offer|card_not_vaulted)$/),
          status: 409,
        });
      }
      const won = fulfilled[0]!;
      winners.push(won);
      expect(await cardRow(pull.card.id)).toMatchObject({ status: won });
      expect(await offerRow(pull.buyback.offerId)).toMatchObject({
        status: won === "sold" ? "accepted" : "cancelled",
      });
      expect(await balanceOf(db, user.id)).toBe(won === "sold" ? pull.buyback.amountCents : 0);
      expect(await salesOf(user.id)).toHaveLength(won === "sold" ? 1 : 0);
      expect(await redemptionsOf(pull.card.id)).toHaveLength(won === "redeemed" ? 1 : 0);
      await expectLedgerBalanced(db, stock());
    }
    expect(winners).toHaveLength(6);
  });

  it("refuses an offer at and after its expiry 24 hours later, and accepts it a second before", async () => {
    const { user, pull } = await collectorWithPull(T);
    const expiry = new Date(T.getTime() + BUYBACK_TTL_SECONDS * 1000);
    expect(pull.buyback.expiresAt).toEqual(expiry);
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({ createdAt: T, expiresAt: expiry });
    const before = await snapshot(user, pull);

    for (const at of [expiry, new Date(expiry.getTime() + 1_000)]) {
      await expect(
        acceptBuyback(asAt(db, user, at), { offerId: pull.buyback.offerId }),
      ).rejects.toMatchObject(noActiveOffer);
      expect(await snapshot(user, pull)).toEqual(before);
    }

    const lastSecond = new Date(expiry.getTime() - 1_000);
    const paid = await acceptBuyback(asAt(db, user, lastSecond), {
      offerId: pull.buyback.offerId,
    });
    expect(paid.amountCents).toBe(pull.buyback.amountCents);
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({
      status: "accepted",
      acceptedAt: lastSecond,
    });
    await expectLedgerBalanced(db, stock());
  });

  it("refuses another user's offer and changes nothing", async () => {
    const { user: owner, pull } = await collectorWithPull();
    const thief = await fundedCollector(db, 1_000);
    const before = await snapshot(owner, pull);

    await expect(
      acceptBuyback(as(db, thief), { offerId: pull.buyback.offerId }),
    ).rejects.toMatchObject(noActiveOffer);

    expect(await snapshot(owner, pull)).toEqual(before);
    expect(await balanceOf(db, thief.id)).toBe(1_000);
    expect(await salesOf(thief.id)).toHaveLength(0);
    await expectLedgerBalanced(db, stock());
  });

  it("refuses the offer of a redeemed card", async () => {
    const { user, pull } = await collectorWithPull();
    await requestRedemption(as(db, user), { cardId: pull.card.id, ...SHIPPING });
    const before = await snapshot(user, pull);
    expect(before.offer.status).toBe("cancelled");

    await expect(
      acceptBuyback(as(db, user), { offerId: pull.buyback.offerId }),
    ).rejects.toMatchObject(noActiveOffer);

    expect(await snapshot(user, pull)).toEqual(before);
    expect(before.card.status).toBe("redeemed");
    await expectLedgerBalanced(db, stock());
  });

  it("refuses the offer of a listed card", async () => {
    const { user, pull } = await collectorWithPull();
    // The vault exit a listing makes.
    await db.db.transaction((tx) =>
      listCard({ db: tx }, { userId: user.id, cardId: pull.card.id }),
    );

    await expect(
      acceptBuyback(as(db, user), { offerId: pull.buyback.offerId }),
    ).rejects.toMatchObject(noActiveOffer);

    expect(await cardRow(pull.card.id)).toMatchObject({ status: "listed" });
    expect(await balanceOf(db, user.id)).toBe(0);
    await expectLedgerBalanced(db, stock());
  });

  it("refuses an unknown offer and a visitor", async () => {
    const { user, pull } = await collectorWithPull();
    await expect(acceptBuyback(as(db, user), { offerId: 987_654 })).rejects.toMatchObject(
      noActiveOffer,
    );
    await expect(
      acceptBuyback(db.ctx({ actor: null }), { offerId: pull.buyback.offerId }),
    ).rejects.toMatchObject({ code: "not_signed_in", status: 401 });
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({ status: "pending" });
  });
});
