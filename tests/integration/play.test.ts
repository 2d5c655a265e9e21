// Responsible play (docs/decisions/010-responsible-play.md): deposit and pack spending limits
// over rolling periods (lower at once, raise or remove after 24 hours), breaks and
// self-exclusion (no top-ups, openings, Buy Now or offers; buybacks still pay), and the date
// of birth existing users confirm before their next top-up or opening. Every refusal changes
// nothing: no charge, no ledger entry, no stock taken.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, packs, tradeRequests, walletTopUps } from "~/.server/db/schema";
import { getAccount } from "~/.server/account/profile";
import { acceptOffer, makeOffer } from "~/.server/market/offers";
import { acceptTrade, sendTradeOffer } from "~/.server/market/trades";
import { buyNow } from "~/.server/market/settlement";
import { openPack } from "~/.server/packs/opening";
import { confirmDateOfBirth } from "~/.server/policy/age";
import { setLimits } from "~/.server/policy/limits";
import { startPause } from "~/.server/play/pause";
import { playStatus, playStatusesForStaff } from "~/.server/play/status";
import { acceptBuyback } from "~/.server/vault/buyback";
import type { PaymentProvider } from "~/.server/wallet/payment-provider";
import { sandboxProvider } from "~/.server/wallet/sandbox-provider";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { buyOffer, buybackOn, listedCard, offerRow, vaultCard } from "../helpers/market";
import { asAt, balanceOf, expectLedgerBalanced, fund, makePack } from "../helpers/packs";
import { parsed, refusalOf } from "../helpers/forms";
import { cardTopUp } from "../helpers/card-top-up";
import { spendingLimitsSchema, startPauseSchema } from "~/lib/schemas/play";
import { makeOfferSchema, tradeOfferSchema } from "~/lib/schemas/market";

const db = databaseForFile();

const HOUR_MS = 3_600_000;
/** Ledger entries are stamped by the database clock: the test clock starts just after it. */
const later = (hours: number) => new Date(Date.now() + 60_000 + hours * HOUR_MS);

/** A sandbox provider that counts its charges (a refused top-up must never be charged). */
function countingProvider(): PaymentProvider & { charges: number } {
  const provider = {
    name: "sandbox",
    charges: 0,
    charge: (input: Parameters<PaymentProvider["charge"]>[0]) => {
      provider.charges += 1;
      return sandboxProvider.charge(input);
    },
    payout: sandboxProvider.payout,
  };
  return provider;
}

const topUp = (
  user: Collector,
  dollars: number,
  now = later(0),
  provider: PaymentProvider = sandboxProvider,
) => cardTopUp(db, user, dollars, now, provider);

const open = (user: Collector, packId: number, now = later(0)) =>
  openPack(asAt(db, user, now), { packId, idempotencyKey: randomUUID() });

const limit = (
  user: Collector,
  kind: "deposit" | "spending",
  period: string,
  cents: number | null,
  now = later(0),
) =>
  setLimits(asAt(db, user, now), { kind, amountsCents: { [period]: cents } }).then((limits) =>
    limits.find((one) => one.period === period)!,
  );

const topUpCount = async (userId: string) =>
  (await db.db.select().from(walletTopUps).where(eq(walletTopUps.userId, userId))).length;
const stockOf = async (packId: number) =>
  (await db.db.select().from(packs).where(eq(packs.id, packId)))[0]!.availableCount;

describe("deposit and spending limits", () => {
  it("refuses a top-up over the daily deposit limit, uncharged, and changes nothing", async () => {
    const user = await makeCollector(db);
    await limit(user, "deposit", "day", 10_000);
    await topUp(user, 60);
    const provider = countingProvider();
    await expect(topUp(user, 50, later(0), provider)).rejects.toMatchObject({
      code: "limit_exceeded",
      message: "This would exceed your daily deposit limit",
      status: 403,
    });
    expect(provider.charges).toBe(0);
    expect(await balanceOf(db, user.id)).toBe(6_000);
    expect(await topUpCount(user.id)).toBe(1);
    await topUp(user, 40);
    expect(await balanceOf(db, user.id)).toBe(10_000);
  });

  it("counts a rolling period: the day's deposits free up 24 hours later, the week's do not", async () => {
    const user = await makeCollector(db);
    await limit(user, "deposit", "day", 5_000);
    await limit(user, "deposit", "week", 8_000);
    await topUp(user, 50);
    await expect(topUp(user, 10, later(23))).rejects.toMatchObject({
      message: "This would exceed your daily deposit limit",
    });
    await topUp(user, 30, later(25));
    await expect(topUp(user, 10, later(26))).rejects.toMatchObject({
      message: "This would exceed your weekly deposit limit",
    });
    expect(await balanceOf(db, user.id)).toBe(8_000);
  });

  it("refuses an opening over the weekly spending limit, taking no stock and no money", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 10_000);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 10 });
    await limit(user, "spending", "week", 5_000);
    await open(user, packId);
    await open(user, packId);
    await expect(open(user, packId)).rejects.toMatchObject({
      code: "limit_exceeded",
      message: "This would exceed your weekly spending limit",
    });
    expect(await balanceOf(db, user.id)).toBe(5_000);
    expect(await stockOf(packId)).toBe(8);
    // Deposits are not spending: a top-up still goes through.
    await topUp(user, 20);
    await expectLedgerBalanced(db);
  });

  it("lowers a limit at once but raises or removes it only 24 hours later", async () => {
    const user = await makeCollector(db);
    await limit(user, "deposit", "month", 20_000);
    const lowered = await limit(user, "deposit", "month", 5_000);
    expect(lowered).toMatchObject({ amountCents: 5_000, pending: null });

    const raised = await limit(user, "deposit", "month", 50_000);
    expect(raised.amountCents).toBe(5_000);
    expect(raised.pending?.amountCents).toBe(50_000);
    expect(raised.pending!.from.getTime() - later(0).getTime()).toBeLessThanOrEqual(
      24 * HOUR_MS + 1_000,
    );
    await expect(topUp(user, 60, later(1))).rejects.toMatchObject({
      message: "This would exceed your monthly deposit limit",
    });
    await topUp(user, 60, later(25));

    const removed = await limit(user, "deposit", "month", null, later(25));
    expect(removed).toMatchObject({ amountCents: 50_000, pending: { amountCents: null } });
    // Lowering again drops the pending removal at once.
    expect(await limit(user, "deposit", "month", 10_000, later(25))).toMatchObject({
      amountCents: 10_000,
      pending: null,
    });
    const status = await playStatus(asAt(db, user, later(0)));
    expect(status.limits).toHaveLength(6);
    expect(status.limits.find((l) => l.kind === "deposit" && l.period === "month")).toMatchObject({
      amountCents: 10_000,
    });
  });

  it("refuses a malformed limit at the seam's schema", () => {
    const form = (day: string) => ({ intent: "set-spending-limits", day });
    expect(refusalOf(spendingLimitsSchema, form("-5"))).toBe(
      "Enter an amount in dollars, like 100 or 25.50",
    );
    expect(refusalOf(spendingLimitsSchema, form("0"))).toBe(
      "Enter an amount between $0.01 and $1,000,000, or leave it blank for no limit",
    );
    expect(refusalOf(spendingLimitsSchema, form("12.50"))).toBeNull();
  });
});

describe("breaks and self-exclusion", () => {
  it("a 24-hour break refuses top-ups, openings, Buy Now and offers until it ends", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 10_000);
    const packId = await makePack(db);
    const { listingId } = await listedCard(db, "20.00");
    const pause = await startPause(asAt(db, user, later(0)), { length: "24h" });
    expect(pause.kind).toBe("break");
    expect(pause.until.getTime() - pause.startedAt.getTime()).toBe(24 * HOUR_MS);

    const paused = { code: "play_paused", status: 403, message: /^You are taking a break until / };
    const provider = countingProvider();
    await expect(topUp(user, 10, later(1), provider)).rejects.toMatchObject(paused);
    expect(provider.charges).toBe(0);
    await expect(open(user, packId, later(1))).rejects.toMatchObject(paused);
    await expect(
      buyNow(asAt(db, user, later(1)), { listingId, expectedPriceCents: 2_000 }),
    ).rejects.toMatchObject(paused);
    await expect(
      makeOffer(
        asAt(db, user, later(1)),
        parsed(makeOfferSchema, {
          idempotencyKey: randomUUID(),
          listingId: String(listingId),
          offerType: "buy",
          amount: "15",
          message: "I would like to buy this item",
        }),
      ),
    ).rejects.toMatchObject(paused);
    expect(await balanceOf(db, user.id)).toBe(10_000);
    expect((await db.db.select().from(listings).where(eq(listings.id, listingId)))[0]!.status).toBe(
      "active",
    );

    // It cannot be ended or shortened: a new pause is refused while it runs.
    await expect(startPause(asAt(db, user, later(2)), { length: "24h" })).rejects.toMatchObject({
      code: "play_paused",
      status: 409,
    });
    await open(user, packId, later(25));
  });

  it("a buyback still pays during a self-exclusion of 6 months, which ends by the calendar", async () => {
    const user = await makeCollector(db);
    const cardId = await vaultCard(db, user);
    const offerId = await buybackOn(db, user, cardId, 4_500);
    const start = later(0);
    const pause = await startPause(asAt(db, user, start), { length: "6m" });
    expect(pause.kind).toBe("exclusion");
    const sixMonths = new Date(start);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(pause.until).toEqual(sixMonths);
    await expect(topUp(user, 10, later(24 * 150))).rejects.toMatchObject({
      message: /^You have excluded yourself until /,
    });
    await acceptBuyback(asAt(db, user, later(1)), { offerId });
    expect(await balanceOf(db, user.id)).toBe(4_500);
    expect((await playStatus(asAt(db, user, later(1)))).pause?.kind).toBe("exclusion");
  });

  it("withdraws the collector's pending buy offers and trade offers when a break starts, releasing the holds", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 10_000);
    const bought = await listedCard(db, "50.00");
    const offerId = await buyOffer(db, user, bought.listingId, "40");
    const traded = await listedCard(db, "30.00");
    const myCard = await vaultCard(db, user);
    const { tradeRequestId } = await sendTradeOffer(
      asAt(db, user, later(0)),
      parsed(tradeOfferSchema, {
        idempotencyKey: randomUUID(),
        listingId: String(traded.listingId),
        cardIds: [String(myCard)],
      }),
    );
    expect(await balanceOf(db, user.id)).toBe(6_000);

    await startPause(asAt(db, user, later(0)), { length: "24h" });

    expect((await offerRow(db, offerId)).status).toBe("withdrawn");
    const [trade] = await db.db
      .select()
      .from(tradeRequests)
      .where(eq(tradeRequests.id, tradeRequestId));
    expect(trade!.status).toBe("withdrawn");
    expect(await balanceOf(db, user.id)).toBe(10_000);
    // The seller can no longer take the collector's money during the break.
    await expect(acceptOffer(asAt(db, bought.seller, later(1)), { offerId })).rejects.toMatchObject(
      { code: "offer_unavailable" },
    );
    await expect(
      acceptTrade(asAt(db, traded.seller, later(1)), { tradeRequestId }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(db, user.id)).toBe(10_000);
    await expectLedgerBalanced(db);
  });

  it("refuses an unknown pause length at the seam's schema", () => {
    expect(refusalOf(startPauseSchema, { intent: "start-pause", length: "2h" })).toBe(
      "Choose how long",
    );
  });
});

describe("the play lock", () => {
  it("is made on first use and then taken without writing the row again", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 10_000);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 10 });
    const version = async () => {
      const { rows } = (await db.db.execute(
        sql`SELECT xmin::text AS version FROM play_accounts WHERE user_id = ${user.id}`,
      )) as unknown as { rows: { version: string }[] };
      return rows.map((row) => row.version);
    };
    expect(await version()).toEqual([]);
    await open(user, packId);
    const made = await version();
    expect(made).toHaveLength(1);
    await open(user, packId);
    await topUp(user, 20);
    // A row lock (SELECT ... FOR UPDATE) leaves the row version as it was; an upsert would not.
    expect(await version()).toEqual(made);
  });
});

describe("date of birth", () => {
  it("an existing user confirms it before a top-up or an opening; under 18 is refused", async () => {
    const user = await makeCollector(db, { dateOfBirth: null });
    await fund(db, user.id, 5_000);
    const packId = await makePack(db);
    const required = { code: "date_of_birth_required", status: 403 };
    await expect(topUp(user, 10)).rejects.toMatchObject(required);
    await expect(open(user, packId)).rejects.toMatchObject(required);
    expect(await stockOf(packId)).toBe(10);

    const today = later(0);
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    await expect(
      confirmDateOfBirth(asAt(db, user, today), { dateOfBirth: seventeen }),
    ).rejects.toMatchObject({
      code: "underage",
      message: "You must be 18 or older to use PackVault",
      status: 403,
    });
    await expect(open(user, packId)).rejects.toMatchObject(required);

    await confirmDateOfBirth(asAt(db, user, today), { dateOfBirth: "1985-03-09" });
    expect((await playStatus(asAt(db, user, today))).dateOfBirthConfirmed).toBe(true);
    // The account page reads it with the profile (one read), not through the play status.
    expect((await getAccount(asAt(db, user, today))).dateOfBirthConfirmed).toBe(true);
    await open(user, packId);
    await topUp(user, 10);
    await expect(
      confirmDateOfBirth(asAt(db, user, today), { dateOfBirth: "1999-03-09" }),
    ).rejects.toMatchObject({ code: "date_of_birth_confirmed", status: 409 });
    await expectLedgerBalanced(db);
  });
});

describe("the admin's read-only view", () => {
  it("shows staff each user's pause and limits, and refuses a collector", async () => {
    const user = await makeCollector(db);
    const other = await makeCollector(db, { dateOfBirth: null });
    await limit(user, "deposit", "week", 25_000);
    await startPause(asAt(db, user, later(0)), { length: "7d" });
    const staff = (role: "admin" | "moderator") =>
      db.ctx({ actor: { userId: other.id, role }, now: later(1) });

    const statuses = await playStatusesForStaff(staff("moderator"), [user.id, other.id]);
    expect(statuses[user.id]!.pause).toMatchObject({ kind: "break" });
    expect(
      statuses[user.id]!.limits.find((l) => l.kind === "deposit" && l.period === "week"),
    ).toMatchObject({ amountCents: 25_000 });
    expect(statuses[other.id]).toMatchObject({ pause: null, dateOfBirthConfirmed: false });
    await expect(playStatusesForStaff(asAt(db, user, later(1)), [user.id])).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
  });
});
