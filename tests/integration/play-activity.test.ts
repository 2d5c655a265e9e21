// My activity and the reality check (docs/decisions/010-responsible-play.md): the figures come
// from the user's ledger; a reality check is due after each full hour of a play session (runs
// of openings less than 30 minutes apart) until 'Continue' acknowledges it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buyNow } from "~/.server/market/settlement";
import { openPack } from "~/.server/packs/opening";
import { playActivity } from "~/.server/play/activity";
import { continuePlay, realityCheck } from "~/.server/play/reality-check";
import { acceptBuyback } from "~/.server/vault/buyback";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { listedCard } from "../helpers/market";
import { asAt, makePack } from "../helpers/packs";
import { cardTopUp } from "../helpers/card-top-up";

const db = databaseForFile();

const MINUTE_MS = 60_000;
const T0 = new Date(Date.now() + MINUTE_MS);
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE_MS);
const open = (user: Collector, packId: number, minutes: number) =>
  openPack(asAt(db, user, at(minutes)), { packId, idempotencyKey: randomUUID() });
const topUp = (user: Collector, dollars: number) => cardTopUp(db, user, dollars, at(0));

/** A new collector who topped up `dollars` by card at minute 0, and a new pack `pack` for them. */
async function playerWithPack(
  dollars: number,
  pack: { priceCents: number; availableCount: number },
): Promise<{ user: Collector; packId: number }> {
  const user = await makeCollector(db);
  await topUp(user, dollars);
  return { user, packId: await makePack(db, pack) };
}

describe("reality check", () => {
  it("is due after 60 minutes of a session, tells its figures, and Continue defers it an hour", async () => {
    const { user, packId } = await playerWithPack(200, { priceCents: 2_500, availableCount: 20 });
    const first = await open(user, packId, 0);
    await open(user, packId, 20);
    await open(user, packId, 40);
    expect(await realityCheck(asAt(db, user, at(59)))).toBeNull();
    await acceptBuyback(asAt(db, user, at(50)), { offerId: first.buyback.offerId });

    const check = await realityCheck(asAt(db, user, at(61)));
    expect(check).toMatchObject({
      checkNumber: 1,
      packsOpened: 3,
      spentCents: 7_500,
      netCents: first.buyback.amountCents - 7_500,
      elapsedSeconds: 61 * 60,
    });
    expect(check!.sessionStartedAt).toEqual(at(0));

    await continuePlay(asAt(db, user, at(61)), { checkNumber: 1 });
    expect(await realityCheck(asAt(db, user, at(62)))).toBeNull();
    await open(user, packId, 65);
    await open(user, packId, 90);
    expect(await realityCheck(asAt(db, user, at(110)))).toBeNull();
    await open(user, packId, 115);
    expect(await realityCheck(asAt(db, user, at(121)))).toMatchObject({
      checkNumber: 2,
      packsOpened: 6,
    });
  });

  it("a gap of 30 minutes without openings ends the session", async () => {
    const { user, packId } = await playerWithPack(100, { priceCents: 1_000, availableCount: 20 });
    await open(user, packId, 0);
    await open(user, packId, 25);
    await open(user, packId, 70);
    expect(await realityCheck(asAt(db, user, at(90)))).toBeNull();
    expect(await realityCheck(asAt(db, user, at(101)))).toBeNull();
  });
});

describe("my activity", () => {
  it("adds up deposits, pack spending, buybacks and marketplace net, for 30 days and all time", async () => {
    const { user, packId } = await playerWithPack(100, { priceCents: 2_500, availableCount: 5 });
    const pull = await open(user, packId, 1);
    await acceptBuyback(asAt(db, user, at(2)), { offerId: pull.buyback.offerId });
    const { listingId } = await listedCard(db, "20.00");
    await buyNow(asAt(db, user, at(3)), { listingId, expectedPriceCents: 2_000 });

    const activity = await playActivity(asAt(db, user, at(5)));
    const expected = {
      depositsCents: 10_000,
      withdrawalsCents: 0,
      packSpendingCents: 2_500,
      buybackIncomeCents: pull.buyback.amountCents,
      marketplaceNetCents: -2_000,
      netPositionCents: pull.buyback.amountCents - 2_000 - 2_500,
    };
    expect(activity.last30Days).toEqual(expected);
    expect(activity.allTime).toEqual(expected);
    expect(activity.days).toHaveLength(30);
    const today = activity.days.find((day) => day.packSpendingCents > 0);
    expect(today).toMatchObject({ packSpendingCents: 2_500, marketplaceNetCents: -2_000 });

    // 31 days on, the last 30 days are empty; all time is not.
    const later = await playActivity(asAt(db, user, new Date(Date.now() + 31 * 86_400_000)));
    expect(later.last30Days.depositsCents).toBe(0);
    expect(later.allTime).toEqual(expected);
  });

  it("is empty for a new collector", async () => {
    const user = await makeCollector(db);
    const activity = await playActivity(asAt(db, user, at(0)));
    expect(activity.allTime.netPositionCents).toBe(0);
    expect(activity.days.every((day) => day.packSpendingCents === 0)).toBe(true);
  });
});
