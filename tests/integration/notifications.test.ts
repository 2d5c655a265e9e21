// Collectors hear about what happens (docs/decisions/020-notifications.md): each event writes
// one in-app notification in its transaction and, when the collector's email preference allows,
// queues one mail; a retried action does neither twice; unsubscribe links work without a session
// and only for their own address.
import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import pino from "pino";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/.server/account/delete-account";
import { addToCart } from "~/.server/cart/cart";
import { MAIL_JOB, enqueueMail, mailJobHandlers } from "~/.server/mail/mail-jobs";
import { jobs, mailOutbox, notifications, profiles } from "~/.server/db/schema";
import { confirmReceipt, markShipped } from "~/.server/market/escrow";
import { acceptOffer, endOffer, expireOffers } from "~/.server/market/offers";
import { endTrade, sendTradeOffer } from "~/.server/market/trades";
import { buyNow } from "~/.server/market/settlement";
import { createMailer } from "~/.server/mail/mailer";
import {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  unsubscribeByLink,
  unsubscribeUrl,
} from "~/.server/mail/unsubscribe";
import {
  countUnread,
  listNotifications,
  markNotificationsRead,
} from "~/.server/notifications/inbox";
import { notify } from "~/.server/notifications/notify";
import { registerLiveSignal } from "~/.server/live-signals";
import { openPack } from "~/.server/packs/opening";
import { checkout } from "~/.server/orders/checkout";
import { submitItem } from "~/.server/market/submissions";
import { submissionLabelPath, submissionReference } from "~/lib/domain/market";
import { EMAIL_CATEGORIES, NOTIFICATIONS_PAGE_SIZE } from "~/lib/notifications";
import * as oneClickRoute from "~/routes/unsubscribe.one-click";
import { STORE_LOCATION } from "~/lib/store";
import { startActionServer, type ActionRoute } from "../helpers/action-server";
import { TEST_ORIGIN, TEST_SECRET, createTestAuth, runQueuedJobs } from "../helpers/auth";
import { as, makeCollector, makeProduct, routeContext, type Collector } from "../helpers/commerce";
import { updateStoreOrderForm, updateSubmissionForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { buyOffer, buyerWith, listPhysical, listedCard, vaultCard } from "../helpers/market";
import { fundedCollector, makePack } from "../helpers/packs";
import { parsed } from "../helpers/forms";
import { springfieldAddress } from "../helpers/shipping";
import { shipmentSchema, submissionSchema, tradeOfferSchema } from "~/lib/schemas/market";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } });

/** The user's notifications, achievements left out (first actions unlock some). */
const inboxOf = async (userId: string) =>
  (await db.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.kind !== "achievement.unlocked",
  );

async function mailsTo(email: string) {
  await runQueuedJobs(db);
  return db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

const ACTION = {
  subject: "Verify your PackVault email",
  greeting: "Hi",
  body: "Confirm your email address.",
  actionLabel: "Verify my email",
  url: "http://localhost:3000/verify",
  footnote: "Ignore this if it was not you.",
};

const ADDRESS = springfieldAddress();

async function placedOrder(buyer?: Collector) {
  const who = buyer ?? (await fundedCollector(db, 10_000));
  const productId = await makeProduct(db, {
    name: `Poster ${randomUUID().slice(0, 4)}`,
    priceCents: 1_250,
    stock: 10,
  });
  await addToCart(as(db, who), { productId });
  const key = randomUUID();
  const { orderId } = await checkout(as(db, who), { idempotencyKey: key, ...ADDRESS });
  return { buyer: who, orderId, key };
}

describe("store order notifications", () => {
  it("tells the buyer once that the order was placed, also when checkout is retried", async () => {
    const { buyer, orderId, key } = await placedOrder();
    await checkout(as(db, buyer), { idempotencyKey: key, ...ADDRESS });
    const inbox = await inboxOf(buyer.id);
    expect(inbox.map((n) => n.title)).toEqual([`Order #${orderId} placed`]);
    const mails = await mailsTo(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Order #${orderId} placed`]);
  });

  it("tells the buyer the carrier and tracking number when the order ships, once per shipment", async () => {
    const { buyer, orderId } = await placedOrder();
    const ship = () =>
      updateStoreOrderForm(asAdmin(), {
        orderId: String(orderId),
        status: "shipped",
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
      });
    await ship();
    await ship(); // an admin's retried form
    await updateStoreOrderForm(asAdmin(), { orderId: String(orderId), status: "delivered" });
    const titles = (await inboxOf(buyer.id)).map((n) => n.title).sort();
    expect(titles).toEqual(
      [
        `Order #${orderId} has shipped`,
        `Order #${orderId} placed`,
        `Order #${orderId} was delivered`,
      ].sort(),
    );
    const shipped = (await inboxOf(buyer.id)).find((n) => n.kind === "order.shipped")!;
    expect(shipped.body).toContain("UPS");
    expect(shipped.body).toContain("1Z999AA10123456784");
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(3);
    const shipMail = mails.find((m) => m.subject === `Order #${orderId} has shipped`)!;
    expect(shipMail.text).toContain("1Z999AA10123456784");
    expect(shipMail.html).toContain("1Z999AA10123456784");
    expect(shipMail.text).toContain("http://localhost:3000/account?tab=orders");
    expect(shipMail.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\?u=/);
  });

  it("keeps the notification but sends no mail when order updates are off", async () => {
    const buyer = await fundedCollector(db, 10_000);
    await db.db.update(profiles).set({ emailOrderUpdates: false }).where(eq(profiles.id, buyer.id));
    await placedOrder(buyer);
    expect(await inboxOf(buyer.id)).toHaveLength(1);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });

  it("mails at most once when the mail job is retried after a failure", async () => {
    const { buyer } = await placedOrder();
    const [job] = await db.db.select().from(jobs).where(eq(jobs.status, "queued"));
    let fail = true;
    const flaky = {
      "mail.send": async () => {
        if (fail) {
          fail = false;
          throw new Error("SMTP 451 try again later");
        }
      },
    };
    await runQueuedJobs(db, { handlers: flaky });
    const [after] = await db.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "SMTP 451 try again later",
    });
    await runQueuedJobs(db, { now: new Date(Date.now() + 60_000) });
    await runQueuedJobs(db, { now: new Date(Date.now() + 120_000) });
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});

describe("marketplace notifications", () => {
  it("tells the seller of an offer and the buyer of its answer; the other offers are declined", async () => {
    const { seller, listingId } = await listedCard(db, "40.00");
    const alice = await buyerWith(db, 10_000);
    const bob = await buyerWith(db, 10_000);
    const aliceOffer = await buyOffer(db, alice, listingId, "30.00");
    const bobOffer = await buyOffer(db, bob, listingId, "35.00");
    expect((await inboxOf(seller.id)).filter((n) => n.kind === "offer.received")).toHaveLength(2);

    await acceptOffer(as(db, seller), { offerId: bobOffer });
    expect((await inboxOf(bob.id)).map((n) => n.kind)).toEqual(["offer.accepted"]);
    const declined = await inboxOf(alice.id);
    expect(declined.map((n) => n.kind)).toEqual(["offer.declined"]);
    expect(declined[0]!.body).toContain("$30.00");
    expect((await inboxOf(seller.id)).filter((n) => n.kind === "listing.sold")).toHaveLength(1);
    void aliceOffer;
  });

  it("tells the sender when the seller declines and when an offer expires", async () => {
    const { seller, listingId } = await listedCard(db, "40.00");
    const buyer = await buyerWith(db, 10_000);
    const declinedId = await buyOffer(db, buyer, listingId, "20.00");
    await endOffer(as(db, seller), { offerId: declinedId, as: "seller" });
    await buyOffer(db, buyer, listingId, "21.00");
    const later = { ...db.ctx(), now: () => new Date(Date.now() + 30 * 86_400_000) };
    await expireOffers(later);
    expect((await inboxOf(buyer.id)).map((n) => n.kind).sort()).toEqual([
      "offer.declined",
      "offer.expired",
    ]);
  });

  it("tells the seller a Buy Now sale happened", async () => {
    const { seller, listingId } = await listedCard(db, "12.00");
    const buyer = await buyerWith(db, 10_000);
    await buyNow(as(db, buyer), { listingId, expectedPriceCents: 1_200 });
    const [sold] = await inboxOf(seller.id);
    expect(sold).toMatchObject({ kind: "listing.sold" });
    expect(sold!.body).toContain("$10.20"); // 15 % platform fee
  });
});

describe("escrow and trade notifications", () => {
  it("tells the buyer the tracking number when the seller ships, and the seller when receipt is confirmed", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "30.00");
    const buyer = await buyerWith(db, 10_000);
    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_000 });
    const ship = () =>
      markShipped(
        as(db, seller),
        parsed(shipmentSchema, {
          transactionId: String(sale.transactionId),
          carrier: "USPS",
          trackingNumber: "9400111899223100000000",
        }),
      );
    await ship();
    await expect(ship()).rejects.toMatchObject({ code: "transaction_unavailable" });
    const shipped = (await inboxOf(buyer.id)).filter((n) => n.kind === "escrow.shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.body).toContain("9400111899223100000000");
    await confirmReceipt(as(db, buyer), { transactionId: sale.transactionId });
    const kinds = (await inboxOf(seller.id)).map((n) => n.kind).sort();
    expect(kinds).toEqual(["escrow.confirmed", "listing.sold"]);
  });

  it("tells the listing's owner of a trade offer and the sender of the answer", async () => {
    const { seller, listingId } = await listedCard(db, "40.00");
    const trader = await makeCollector(db);
    const cardId = await vaultCard(db, trader);
    const { tradeRequestId } = await sendTradeOffer(
      as(db, trader),
      parsed(tradeOfferSchema, {
        idempotencyKey: randomUUID(),
        listingId: String(listingId),
        cardIds: [String(cardId)],
        message: "Swap?",
      }),
    );
    expect((await inboxOf(seller.id)).map((n) => n.kind)).toEqual(["trade.received"]);
    await endTrade(as(db, seller), { tradeRequestId, as: "seller" });
    const [answer] = await inboxOf(trader.id);
    expect(answer).toMatchObject({ kind: "trade.answered" });
    expect(answer!.title).toContain("declined");
  });
});

describe("sell-to-us notifications", () => {
  it("tells the collector of the shop's offer once, with the next steps and the label's link", async () => {
    const seller = await makeCollector(db);
    const { submissionId } = await submitItem(
      as(db, seller),
      parsed(submissionSchema, {
        itemName: "Signed comic",
        itemDescription: "First print, signed by the artist",
        estimatedValue: "300",
        category: "Comics",
        notes: "",
      }),
    );
    const offer = { submissionId: String(submissionId), estimatedValue: "300", offerAmount: "250" };
    await updateSubmissionForm(asAdmin(), { ...offer, status: "offer_made" });
    await updateSubmissionForm(asAdmin(), { ...offer, status: "reviewing" });
    await updateSubmissionForm(asAdmin(), { ...offer, status: "offer_made" });
    const inbox = await inboxOf(seller.id);
    expect(inbox.map((n) => [n.kind, n.link])).toEqual([
      ["submission.offer", `/sell#submission-${submissionId}`],
      ["submission.reviewing", `/sell#submission-${submissionId}`],
    ]);
    const mails = (await mailsTo(seller.email)).filter((m) => m.subject.startsWith("We offer"));
    expect(mails.map((m) => m.subject)).toEqual(["We offer $250.00 for Signed comic"]);
    const label = `http://localhost:3000${submissionLabelPath(submissionId)}`;
    expect(mails[0]!.text).toContain(label);
    expect(mails[0]!.html).toContain(`href="${label}"`);
    expect(mails[0]!.text).toContain(submissionReference(submissionId));
    expect(mails[0]!.text).toContain(STORE_LOCATION);
  });
});

describe("the inbox", () => {
  it("tells a collector of an achievement in the app only", async () => {
    const { buyer } = await placedOrder();
    const all = await db.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    const achievement = all.find((n) => n.kind === "achievement.unlocked");
    expect(achievement?.title).toMatch(/^Achievement unlocked: /);
    const mails = await mailsTo(buyer.email);
    expect(mails.map((m) => m.subject)).not.toContain(achievement!.title);
  });

  it("rings the bell live when an achievement unlocks, once the action committed", async () => {
    const packId = await makePack(db, { priceCents: 500, availableCount: 5 });
    const opener = await fundedCollector(db, 500);
    const signalled: { userId: string; unread: number }[] = [];
    const unregister = registerLiveSignal(async (topic, userId) => {
      if (topic !== "inbox") return;
      // Sent after the commit: the notification it announces is already there.
      signalled.push({ userId, unread: await countUnread(as(db, opener)) });
    });
    try {
      const pull = await openPack(as(db, opener), { packId, idempotencyKey: randomUUID() });
      expect(pull.achievements.length).toBeGreaterThan(0);
    } finally {
      unregister();
    }
    const unlocked = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, opener.id));
    expect(unlocked.every((n) => n.kind === "achievement.unlocked")).toBe(true);
    expect(signalled.length).toBe(unlocked.length);
    expect(signalled.every((s) => s.userId === opener.id && s.unread === unlocked.length)).toBe(
      true,
    );
  });

  it("lists newest first in pages, counts unread, marks one or all read, only one's own", async () => {
    const me = await makeCollector(db);
    const other = await makeCollector(db);
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 3; i++) {
      await notify(db.ctx(), {
        userId: me.id,
        kind: "achievement.unlocked",
        title: `A${i}`,
        body: "b",
        key: `t:${me.id}:${i}`,
      });
    }
    await notify(db.ctx(), {
      userId: other.id,
      kind: "achievement.unlocked",
      title: "theirs",
      body: "b",
      key: `t:${other.id}`,
    });
    const mine = as(db, me);
    const first = await listNotifications(mine);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.notifications[0]!.title).toBe(`A${NOTIFICATIONS_PAGE_SIZE + 2}`);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 3);
    const second = await listNotifications(mine, { before: first.nextCursor });
    expect(second.notifications.map((n) => n.title)).toEqual(["A2", "A1", "A0"]);
    expect(second.nextCursor).toBeNull();

    const [theirs] = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, other.id));
    expect(await markNotificationsRead(mine, { id: theirs!.id })).toBe(0);
    expect(await markNotificationsRead(mine, { id: first.notifications[0]!.id })).toBe(1);
    expect(await countUnread(mine)).toBe(NOTIFICATIONS_PAGE_SIZE + 2);
    await markNotificationsRead(mine, { all: true });
    expect(await countUnread(mine)).toBe(0);
    expect(await countUnread(as(db, other))).toBe(1);
    // Achievements are in-app only.
    expect(await mailsTo(me.email)).toHaveLength(0);
  });
});

describe("mail for a deleted account", () => {
  const queueFor = async (who: Collector, key: string) => {
    await notify(db.ctx(), {
      userId: who.id,
      kind: "order.shipped",
      title: `Shipped ${key}`,
      body: "b",
      key: `test:${key}`,
    });
    await enqueueMail(db.db, { to: who.email.toUpperCase(), template: "action", props: ACTION });
  };

  it("is dropped with the account and never delivered; other addresses still get theirs", async () => {
    const leaving = await makeCollector(db);
    const staying = await makeCollector(db);
    await queueFor(leaving, randomUUID());
    await queueFor(staying, randomUUID());
    await deleteAccount(as(db, leaving), { confirmEmail: leaving.email });

    const queued = await db.db.select({ payload: jobs.payload }).from(jobs);
    const addresses = queued.map((j) => String((j.payload as { to: string }).to).toLowerCase());
    expect(addresses).not.toContain(leaving.email.toLowerCase());
    expect(await mailsTo(leaving.email)).toHaveLength(0);
    expect(await mailsTo(leaving.email.toUpperCase())).toHaveLength(0);
    expect(await mailsTo(staying.email)).toHaveLength(1);
    expect(await mailsTo(staying.email.toUpperCase())).toHaveLength(1);
  });

  it("is not sent by a worker that claimed it before the account was deleted", async () => {
    const sent: string[] = [];
    const send = mailJobHandlers({
      mailer: { deliver: async (message) => void sent.push(message.to) },
      publicUrl: "http://localhost:3000",
      unsubscribeSecret: TEST_SECRET,
    })[MAIL_JOB]!;
    const jobId = await enqueueMail(db.db, {
      to: "gone@example.com",
      template: "action",
      props: ACTION,
    });
    const [row] = await db.db.select().from(jobs).where(eq(jobs.id, jobId!));
    const claimed = {
      id: row!.id,
      kind: row!.kind,
      payload: row!.payload as Record<string, unknown>,
      attempts: 1,
      maxAttempts: 8,
    };
    await db.db.delete(jobs).where(eq(jobs.id, jobId!));
    await send(db.ctx(), claimed.payload, claimed);
    expect(sent).toEqual([]);
    // The same job still queued is sent: the check above is what stopped it.
    const again = await enqueueMail(db.db, {
      to: "kept@example.com",
      template: "action",
      props: ACTION,
    });
    const [kept] = await db.db.select().from(jobs).where(eq(jobs.id, again!));
    await send(db.ctx(), kept!.payload as Record<string, unknown>, { ...claimed, id: kept!.id });
    expect(sent).toEqual(["kept@example.com"]);
  });
});

describe("unsubscribe links", () => {
  it("turn off the mailed category without a session, and only for their own account", async () => {
    const { buyer } = await placedOrder();
    const [mail] = await mailsTo(buyer.email);
    const link = new URL(mail!.text.match(/http:\/\/localhost:3000\/unsubscribe\?\S+/)![0]);
    const params = Object.fromEntries(link.searchParams);
    const someoneElse = await makeCollector(db);
    await expect(
      unsubscribeByLink(db.ctx(), TEST_SECRET, { ...params, u: someoneElse.id }),
    ).rejects.toMatchObject({
      code: "invalid_unsubscribe_link",
    });
    await expect(
      unsubscribeByLink(db.ctx(), TEST_SECRET, { ...params, c: "newArrivals" }),
    ).rejects.toMatchObject({
      code: "invalid_unsubscribe_link",
    });
    await expect(
      unsubscribeByLink(db.ctx(), "another-secret-another-secret-0123456", params),
    ).rejects.toMatchObject({
      code: "invalid_unsubscribe_link",
    });
    const prefs = async (id: string) =>
      (
        await db.db
          .select()
          .from(profiles)
          .where(and(eq(profiles.id, id)))
      )[0]!;
    expect((await prefs(someoneElse.id)).emailOrderUpdates).toBe(true);

    await unsubscribeByLink(db.ctx(), TEST_SECRET, params);
    const after = await prefs(buyer.id);
    expect(after.emailOrderUpdates).toBe(false);
    expect(after.emailNewArrivals).toBe(true);
    await placedOrder(buyer);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  /** Sends the queued mail through a real nodemailer transport and keeps each raw message. */
  async function sendQueuedBySmtp() {
    const raw: string[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const transport = {
      sendMail: async (options: Parameters<typeof stream.sendMail>[0]) => {
        const info = await stream.sendMail(options);
        raw.push(info.message.toString());
        return info;
      },
    };
    const mailer = createMailer({
      db: db.db,
      transport,
      log: pino({ level: "silent" }),
      from: "Cards <hello@cards.example>",
    });
    await runQueuedJobs(db, {
      handlers: mailJobHandlers({ mailer, publicUrl: TEST_ORIGIN, unsubscribeSecret: TEST_SECRET }),
    });
    return raw;
  }

  /** The unfolded value of header `name` in a raw message, or undefined. */
  const header = (message: string, name: string) =>
    new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, "mi")
      .exec(message.split("\r\n\r\n")[0]!)?.[1]
      ?.replace(/\r\n[ \t]+/g, " ")
      .trim();

  it("sends notification mail with List-Unsubscribe and List-Unsubscribe-Post, account mail without", async () => {
    const { buyer, orderId } = await placedOrder();
    await enqueueMail(db.db, { to: buyer.email, template: "action", props: ACTION });
    const raw = await sendQueuedBySmtp();
    const order = raw.find((m) => m.includes(`Order #${orderId} placed`))!;
    const expected = unsubscribeUrl(
      TEST_ORIGIN,
      TEST_SECRET,
      buyer.id,
      "orderUpdates",
      ONE_CLICK_UNSUBSCRIBE_PATH,
    );
    expect(header(order, "List-Unsubscribe")).toBe(`<${expected}>`);
    expect(header(order, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The sender is MAIL_FROM, never a made-up address.
    expect(header(order, "From")).toBe("Cards <hello@cards.example>");
    const account = raw.find((m) => m.includes(ACTION.subject))!;
    expect(header(account, "List-Unsubscribe")).toBeUndefined();
    expect(header(account, "List-Unsubscribe-Post")).toBeUndefined();
    // Sent once: the outbox row is stamped, a second run sends nothing.
    expect(await sendQueuedBySmtp()).toEqual([]);
  });

  describe("over HTTP, through the origin check", () => {
    let server: Awaited<ReturnType<typeof startActionServer>>;
    beforeAll(async () => {
      const auth = createTestAuth(db);
      server = await startActionServer(
        [{ path: ONE_CLICK_UNSUBSCRIBE_PATH, action: oneClickRoute.action }] as ActionRoute[],
        () => routeContext(db, auth, null),
      );
    });
    afterAll(() => server.close());

    /** A mail provider's POST: no cookie, no Origin, no Referer. */
    const post = (link: string, body = "List-Unsubscribe=One-Click") =>
      fetch(`${server.url}${new URL(link).pathname}${new URL(link).search}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
    const prefs = async (id: string) =>
      (await db.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
    /** A collector with all three email preferences on (event notifications are off by default). */
    const subscribed = async () => {
      const who = await makeCollector(db);
      await db.db
        .update(profiles)
        .set({ emailOrderUpdates: true, emailNewArrivals: true, emailEventNotifications: true })
        .where(eq(profiles.id, who.id));
      return who;
    };
    const COLUMN = {
      orderUpdates: "emailOrderUpdates",
      newArrivals: "emailNewArrivals",
      eventNotifications: "emailEventNotifications",
    } as const;

    it("turns off exactly the link's preference of the link's account, without a session, for each of the three", async () => {
      for (const category of EMAIL_CATEGORIES) {
        const me = await subscribed();
        const bystander = await subscribed();
        const link = unsubscribeUrl(
          TEST_ORIGIN,
          TEST_SECRET,
          me.id,
          category,
          ONE_CLICK_UNSUBSCRIBE_PATH,
        );
        const response = await post(link);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe("Unsubscribed");
        const after = await prefs(me.id);
        for (const other of EMAIL_CATEGORIES) {
          expect(after[COLUMN[other]]).toBe(other !== category);
        }
        const untouched = await prefs(bystander.id);
        expect(EMAIL_CATEGORIES.map((c) => untouched[COLUMN[c]])).toEqual([true, true, true]);
        // A mail client's retry is harmless.
        expect((await post(link)).status).toBe(200);
      }
    });

    it("refuses a link bent to another account or category, a forged signature, and a body that is not One-Click", async () => {
      const me = await subscribed();
      const other = await subscribed();
      const link = new URL(
        unsubscribeUrl(TEST_ORIGIN, TEST_SECRET, me.id, "newArrivals", ONE_CLICK_UNSUBSCRIBE_PATH),
      );
      const bent = (name: string, value: string) => {
        const url = new URL(link);
        url.searchParams.set(name, value);
        return url.toString();
      };
      for (const forged of [
        bent("u", other.id),
        bent("c", "orderUpdates"),
        bent("s", "A".repeat(43)),
        bent("s", ""),
        `${TEST_ORIGIN}${ONE_CLICK_UNSUBSCRIBE_PATH}`,
      ]) {
        const response = await post(forged);
        expect(response.status).toBe(400);
        expect(await response.text()).toBe("This unsubscribe link is not valid");
      }
      expect((await post(link.toString(), "List-Unsubscribe=Yes")).status).toBe(400);
      expect((await post(link.toString(), "")).status).toBe(400);
      for (const id of [me.id, other.id]) {
        const p = await prefs(id);
        expect([p.emailOrderUpdates, p.emailNewArrivals, p.emailEventNotifications]).toEqual([
          true,
          true,
          true,
        ]);
      }
    });

    it("exempts only its own path from the origin check", async () => {
      const response = await fetch(`${server.url}/unsubscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Cross-site request refused");
    });
  });

  it("changes nothing on a GET: it shows the confirm page of the same link", async () => {
    const me = await makeCollector(db);
    const link = unsubscribeUrl(
      TEST_ORIGIN,
      TEST_SECRET,
      me.id,
      "orderUpdates",
      ONE_CLICK_UNSUBSCRIBE_PATH,
    );
    const response = oneClickRoute.loader({
      request: new Request(link),
      params: {},
      context: routeContext(db, createTestAuth(db), null),
    } as Parameters<typeof oneClickRoute.loader>[0]);
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("Location")!, TEST_ORIGIN);
    expect(target.pathname).toBe("/unsubscribe");
    expect(target.search).toBe(new URL(link).search);
    expect(
      (await db.db.select().from(profiles).where(eq(profiles.id, me.id)))[0]!.emailOrderUpdates,
    ).toBe(true);
  });
});
