// The collectors' whole journey (docs/decisions/020-notifications.md): every step tells the
// people involved in the app and, with their order-updates preference on, by mail, exactly
// once. Each action is sent twice at once (on PostgreSQL the two race on a pool) and then once
// more; the extra sends are refused or change nothing. At the end every collector's inbox holds
// exactly the expected kinds, once each, and their outbox exactly one mail per mailed
// notification.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "~/.server/cart/cart";
import { mailOutbox, notifications } from "~/.server/db/schema";
import { confirmReceipt, markShipped, releaseOverdueEscrow } from "~/.server/market/escrow";
import { acceptOffer, endOffer, expireOffers, makeOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { submitItem } from "~/.server/market/submissions";
import { acceptTrade, endTrade, sendTradeOffer } from "~/.server/market/trades";
import { checkout } from "~/.server/orders/checkout";
import { requestRedemption } from "~/.server/vault/redemption";
import { approveDuePayouts } from "~/.server/wallet/payouts";
import { requestWithdrawal } from "~/.server/wallet/withdrawals";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/lib/notifications";
import { runQueuedJobs } from "../helpers/auth";
import { as, makeCollector, makeProduct, type Collector } from "../helpers/commerce";
import {
  decidePayoutForm,
  deleteListingForm,
  updateRedemptionForm,
  updateStoreOrderForm,
  updateSubmissionForm,
} from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { buyerWith, listCard, listPhysical, vaultCard, offerCards } from "../helpers/market";
import { asAt, fundedCollector, settle } from "../helpers/packs";
import { parsed } from "../helpers/forms";
import { springfieldCheckout, springfieldShipping } from "../helpers/shipping";
import {
  makeOfferSchema,
  shipmentSchema,
  submissionSchema,
  tradeOfferSchema,
} from "~/lib/schemas/market";
import { redemptionSchema } from "~/lib/schemas/redemption";
import { withdrawSchema } from "~/lib/schemas/wallet";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const NOW = new Date("2026-11-01T12:00:00Z");
const DAY = 86_400_000;
const asAdmin = (now = NOW) => db.ctx({ actor: { userId: admin.id, role: "admin" }, now });

/**
 * Sends `action` twice at once, then once more: at least one send succeeds and every other one
 * is refused with a DomainError (the step is not done twice) or succeeds without a second
 * effect (checked by the inbox and outbox at the end).
 */
async function retried(action: () => Promise<unknown>): Promise<void> {
  const { fulfilled, rejected } = await settle([action(), action()]);
  expect(fulfilled.length, String(rejected[0])).toBeGreaterThanOrEqual(1);
  const again = await settle([action()]);
  for (const error of [...rejected, ...again.rejected]) {
    expect(error).toMatchObject({ name: "DomainError" });
  }
}

/** What each collector should have been told, by kind (each exactly once). */
const expected = new Map<string, NotificationKind[]>();
const expect1 = (who: Collector, ...kinds: NotificationKind[]) =>
  expected.set(who.id, [...(expected.get(who.id) ?? []), ...kinds]);
const everyone: Collector[] = [];
/** `seller` lists a new vault card at `price` (dollars). */
const sellerListing = async (seller: Collector, price: string) => ({
  listingId: await listCard(db, seller, await vaultCard(db, seller), price),
});
/**
 * `buyer` makes a buy offer of `amount` (dollars) on the listing, the form sent twice at once
 * and once more under its one key (a double click, a retry); @returns the offer's id.
 */
async function offered(buyer: Collector, listingId: number, amount: string): Promise<number> {
  const form = parsed(makeOfferSchema, {
    idempotencyKey: randomUUID(),
    listingId: String(listingId),
    offerType: "buy",
    amount,
    message: "I would like to buy this item",
  });
  await retried(() => makeOffer(as(db, buyer), form));
  return (await makeOffer(as(db, buyer), form)).offerId;
}
const collector = async (cents = 0) => {
  const who = cents > 0 ? await fundedCollector(db, cents) : await makeCollector(db);
  everyone.push(who);
  return who;
};

describe("a whole journey, every step retried", () => {
  it("a store order is placed, prepared, shipped with tracking and delivered", async () => {
    const buyer = await collector(10_000);
    const productId = await makeProduct(db, {
      name: "Journey poster",
      priceCents: 1_500,
      stock: 10,
    });
    await addToCart(as(db, buyer), { productId });
    const order = {
      ...springfieldCheckout(),
    };
    await retried(() => checkout(as(db, buyer), order));
    const { orderId } = await checkout(as(db, buyer), order);
    const update = (status: string, extra = {}) =>
      retried(() =>
        updateStoreOrderForm(asAdmin(), { orderId: String(orderId), status, ...extra }),
      );
    await update("processing");
    await update("shipped", { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await update("delivered");
    expect1(buyer, "order.placed", "order.processing", "order.shipped", "order.delivered");
  });

  it("buy offers are received, accepted, declined and expire; the listing sells", async () => {
    const seller = await collector();
    const { listingId } = await sellerListing(seller, "40.00");
    const winner = await collector(10_000);
    const loser = await collector(10_000);
    const winning = await offered(winner, listingId, "35.00");
    await offered(loser, listingId, "30.00");
    // A trade offer pending on the listing is declined when it sells: its sender hears of it.
    const trader = await collector();
    await offerCards(db, trader, listingId, [await vaultCard(db, trader)]);
    await retried(() => acceptOffer(as(db, seller), { offerId: winning }));
    expect1(seller, "offer.received", "offer.received", "trade.received", "listing.sold");
    expect1(winner, "offer.accepted");
    expect1(loser, "offer.declined");
    expect1(trader, "trade.answered");

    const other = await sellerListing(seller, "50.00");
    const declined = await collector(10_000);
    const declinedOffer = await offered(declined, other.listingId, "20.00");
    await retried(() => endOffer(as(db, seller), { offerId: declinedOffer, as: "seller" }));
    const patient = await collector(10_000);
    await offered(patient, other.listingId, "21.00");
    const later = { ...db.ctx(), now: () => new Date(Date.now() + 30 * DAY) };
    await settle([expireOffers(later), expireOffers(later)]);
    expect(await expireOffers(later)).toBe(0);
    expect1(seller, "offer.received", "offer.received");
    expect1(declined, "offer.declined");
    expect1(patient, "offer.expired");
  });

  it("an offer and a trade request withdrawn by their senders tell the seller", async () => {
    const seller = await collector();
    const { listingId } = await sellerListing(seller, "40.00");
    const buyer = await collector(10_000);
    const offerId = await offered(buyer, listingId, "30.00");
    await retried(() => endOffer(as(db, buyer), { offerId, as: "sender" }));
    const trader = await collector();
    const { tradeRequestId } = await offerCards(db, trader, listingId, [
      await vaultCard(db, trader),
    ]);
    await retried(() => endTrade(as(db, trader), { tradeRequestId, as: "sender" }));
    expect1(seller, "offer.received", "offer.withdrawn", "trade.received", "trade.withdrawn");
  });

  it("a listing removed by staff tells its seller and the senders of its pending offers", async () => {
    const seller = await collector();
    const { listingId } = await sellerListing(seller, "40.00");
    const buyer = await collector(10_000);
    await offered(buyer, listingId, "30.00");
    const trader = await collector();
    await offerCards(db, trader, listingId, [await vaultCard(db, trader)]);
    await retried(() => deleteListingForm(asAdmin(), { listingId: String(listingId) }));
    expect1(seller, "offer.received", "trade.received", "listing.removed");
    expect1(buyer, "offer.declined");
    expect1(trader, "trade.answered");
    const [removed] = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, "listing.removed")));
    expect(removed!.title).toMatch(/^Your listing of .+ was removed by PackVault staff$/);
    expect(removed!.body).toContain(
      "The card is back in your vault. 2 pending offers were declined.",
    );
  });

  it("trade offers are received and answered, accepted or declined", async () => {
    const seller = await collector();
    for (const outcome of ["accepted", "declined"] as const) {
      const { listingId } = await sellerListing(seller, "40.00");
      const trader = await collector();
      const cardId = await vaultCard(db, trader);
      const form = parsed(tradeOfferSchema, {
        idempotencyKey: randomUUID(),
        listingId: String(listingId),
        cardIds: [String(cardId)],
        message: "Swap for my card?",
      });
      await retried(() => sendTradeOffer(as(db, trader), form));
      const { tradeRequestId } = await sendTradeOffer(as(db, trader), form);
      await retried(() =>
        outcome === "accepted"
          ? acceptTrade(as(db, seller), { tradeRequestId })
          : endTrade(as(db, seller), { tradeRequestId, as: "seller" }),
      );
      expect1(seller, "trade.received");
      expect1(trader, "trade.answered");
    }
  });

  it("an escrow sale is shipped, its receipt confirmed; another one is released when overdue", async () => {
    const seller = await collector();
    for (const ending of ["confirmed", "released"] as const) {
      const listingId = await listPhysical(db, seller, "30.00");
      const buyer = await buyerWith(db, 10_000);
      everyone.push(buyer);
      const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_000 });
      await retried(() =>
        markShipped(
          as(db, seller),
          parsed(shipmentSchema, {
            transactionId: String(sale.transactionId),
            carrier: "USPS",
            trackingNumber: "9400111899223100000000",
          }),
        ),
      );
      if (ending === "confirmed") {
        await retried(() => confirmReceipt(as(db, buyer), { transactionId: sale.transactionId }));
      } else {
        const overdue = db.ctx({ now: new Date(Date.now() + 30 * DAY) });
        await settle([releaseOverdueEscrow(overdue), releaseOverdueEscrow(overdue)]);
        expect(await releaseOverdueEscrow(overdue)).toBe(0);
        // The buyer did not act, so they are told the purchase completed.
        const told = await db.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(
            and(eq(notifications.userId, buyer.id), eq(notifications.kind, "escrow.released")),
          );
        expect(told).toEqual([{ title: "Your purchase of Sealed booster box is complete" }]);
      }
      expect1(
        seller,
        "listing.sold",
        ending === "confirmed" ? "escrow.confirmed" : "escrow.released",
      );
      expect1(
        buyer,
        "escrow.shipped",
        ...(ending === "released" ? (["escrow.released"] as const) : []),
      );
    }
  });

  it("a redemption is prepared and shipped with its tracking number", async () => {
    const owner = await collector();
    const cardId = await vaultCard(db, owner, { name: "Journey Charizard" });
    const { redemptionId } = await requestRedemption(
      as(db, owner),
      parsed(redemptionSchema, {
        cardId: String(cardId),
        ...springfieldShipping(),
      }),
    );
    const set =
      (status: string, trackingNumber = "") =>
      () =>
        updateRedemptionForm(asAdmin(), {
          redemptionId: String(redemptionId),
          status,
          trackingNumber,
        });
    await retried(set("processing"));
    await retried(set("shipped"));
    // The tracking number added later is news; saving it again is not.
    await retried(set("shipped", "1Z999AA10123456784"));
    expect1(owner, "redemption.processing", "redemption.shipped", "redemption.shipped");
    const shipped = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    const bodies = shipped.filter((n) => n.kind === "redemption.shipped").map((n) => n.body);
    expect(bodies.sort()).toEqual([
      "Your redeemed Journey Charizard is on its way, tracking number 1Z999AA10123456784.",
      "Your redeemed Journey Charizard is on its way.",
    ]);
  });

  it("a sell-to-us submission is reviewed, gets the shop's offer and is accepted, or is rejected", async () => {
    const seller = await collector();
    const { submissionId } = await submitItem(
      as(db, seller),
      parsed(submissionSchema, {
        itemName: "Signed journey comic",
        itemDescription: "First print, signed by the artist",
        estimatedValue: "300",
        category: "Comics",
        notes: "",
      }),
    );
    const move = (status: string, offerAmount = "") =>
      retried(() =>
        updateSubmissionForm(asAdmin(), {
          submissionId: String(submissionId),
          estimatedValue: "300",
          offerAmount,
          status,
        }),
      );
    await move("reviewing");
    await move("offer_made", "250");
    await move("accepted", "250");
    expect1(seller, "submission.reviewing", "submission.offer", "submission.accepted");
    const { submissionId: refusedId } = await submitItem(
      as(db, seller),
      parsed(submissionSchema, {
        itemName: "Creased journey poster",
        itemDescription: "Folded twice, a tear at the corner",
        estimatedValue: "40",
        category: "Other",
        notes: "",
      }),
    );
    await retried(() =>
      updateSubmissionForm(asAdmin(), {
        submissionId: String(refusedId),
        estimatedValue: "40",
        offerAmount: "",
        status: "rejected",
      }),
    );
    expect1(seller, "submission.rejected");
  });

  it("withdrawals are paid (by an admin or the sandbox) or rejected", async () => {
    const saver = await collector(20_000);
    const ask = () =>
      requestWithdrawal(
        asAt(db, saver, NOW),
        parsed(withdrawSchema, {
          amount: "25.00",
          routingNumber: "110000000",
          accountNumber: "000123456789",
          idempotencyKey: randomUUID(),
        }),
      );
    const decide = (payoutId: number, decision: "approve" | "reject") =>
      retried(() => decidePayoutForm(asAdmin(), { payoutId: String(payoutId), decision }));
    await decide((await ask()).payoutId, "approve");
    await decide((await ask()).payoutId, "reject");
    await ask();
    const due = db.ctx({ now: new Date(NOW.getTime() + DAY) });
    await settle([approveDuePayouts(due), approveDuePayouts(due)]);
    expect(await approveDuePayouts(due)).toBe(0);
    expect1(saver, "withdrawal.paid", "withdrawal.rejected", "withdrawal.paid");
  });

  it("told everyone once in the app and mailed each notification once", async () => {
    await runQueuedJobs(db);
    await runQueuedJobs(db);
    for (const who of everyone) {
      const inbox = await db.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, who.id));
      const told = inbox.filter((n) => n.kind !== "achievement.unlocked");
      expect(told.map((n) => n.kind).sort(), who.email).toEqual(
        [...(expected.get(who.id) ?? [])].sort(),
      );
      // Achievements: in the app, once each, never by mail.
      const achievements = inbox.filter((n) => n.kind === "achievement.unlocked");
      expect(new Set(achievements.map((n) => n.title)).size).toBe(achievements.length);
      const mails = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
      const mailed = inbox.filter((n) => NOTIFICATION_KINDS[n.kind as NotificationKind] !== null);
      expect(mails.map((m) => m.subject).sort(), who.email).toEqual(
        mailed.map((n) => n.title).sort(),
      );
    }
  });
});
