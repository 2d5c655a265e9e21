// Races against responsible play limits (docs/decisions/010-responsible-play.md). Meaningful on
// PostgreSQL (a pool of 20 connections runs the transactions at once); PGlite runs them one at
// a time, so there the same tests check the outcome of a queue. The ledger checker runs after
// every race.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setLimits } from "~/.server/policy/limits";
import { startPause } from "~/.server/play/pause";
import { addFunds } from "~/.server/wallet/top-up";
import { as, makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { sql } from "drizzle-orm";
import {
  balanceOf,
  expectLedgerBalanced,
  expectRaceOutcome,
  fund,
  makePack,
  rowsOf,
  settle,
} from "../helpers/packs";
import { openingsAtOnce } from "../helpers/pulls";
import { parsed } from "../helpers/forms";
import { topUpSchema } from "~/lib/schemas/wallet";

const db = databaseForFile();

const topUpForm = (dollars: number) => ({
  amount: String(dollars),
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/30",
  cvc: "123",
  idempotencyKey: randomUUID(),
});

describe("limits under races", () => {
  it("20 top-ups at once against a $55 daily deposit limit credit exactly $50", async () => {
    const user = await makeCollector(db);
    await setLimits(as(db, user), { kind: "deposit", amountsCents: { day: 5_500 } });

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () =>
        addFunds(as(db, user), parsed(topUpSchema(new Date()), topUpForm(10))),
      ),
    );

    expectRaceOutcome({ fulfilled, rejected }, 5, 15, {
      code: "limit_exceeded",
      message: "This would exceed your daily deposit limit",
    });
    expect(await balanceOf(db, user.id)).toBe(5_000);
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM wallet_top_ups WHERE user_id = ${user.id}`,
    );
    expect(row!.n).toBe(5);
    await expectLedgerBalanced(db);
  });

  it("20 openings at once against a $100 daily spending limit open exactly 4 $25 packs", async () => {
    const user = await makeCollector(db);
    await fund(db, user.id, 50_000);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 50 });
    await setLimits(as(db, user), { kind: "spending", amountsCents: { day: 10_000 } });

    const { fulfilled, rejected } = await settle(openingsAtOnce(db, user, packId, 20));

    expectRaceOutcome({ fulfilled, rejected }, 4, 16, {
      code: "limit_exceeded",
      message: "This would exceed your daily spending limit",
    });
    expect(await balanceOf(db, user.id)).toBe(40_000);
    await expectLedgerBalanced(db);
  });

  it("a break started during 20 top-ups: each top-up is credited or refused, and the break then holds", async () => {
    const user = await makeCollector(db);
    const { fulfilled, rejected } = await settle([
      ...Array.from({ length: 10 }, () =>
        addFunds(as(db, user), parsed(topUpSchema(new Date()), topUpForm(10))),
      ),
      startPause(as(db, user), { length: "24h" }).then(() => null),
      ...Array.from({ length: 10 }, () =>
        addFunds(as(db, user), parsed(topUpSchema(new Date()), topUpForm(10))),
      ),
    ]);
    const credited = fulfilled.filter((value) => value !== null).length;
    expect(credited + rejected.length).toBe(20);
    for (const error of rejected) expect(error).toMatchObject({ code: "play_paused" });
    expect(await balanceOf(db, user.id)).toBe(credited * 1_000);
    await expect(
      addFunds(as(db, user), parsed(topUpSchema(new Date()), topUpForm(10))),
    ).rejects.toMatchObject({
      code: "play_paused",
    });
    await expectLedgerBalanced(db);
  });
});
