// Openings of one pack committed in batches (docs/decisions/065-pack-openings-committed-in-
// batches.md): openings that arrive together share transactions, and each is answered as it
// would be alone. Both drivers: PGlite runs one transaction at a time, so openings queue behind
// the running batch there too. The ledger checker runs after every crowd.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { packs, slabs } from "~/.server/db/schema";
import { DomainError } from "~/.server/errors";
import { rollDigest } from "~/.server/packs/fairness";
import { openPack } from "~/.server/packs/opening";
import { startPause } from "~/.server/play/pause";
import type { Pull } from "~/lib/domain/packs";
import { drawRulesOf, poolRollsOf, slabIndexOf } from "~/lib/fairness";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  balanceOf,
  expectLedgerBalanced,
  fund,
  fundedCollector,
  makePack,
  poolIdsOf,
  rowsOf,
} from "../helpers/packs";

const db = databaseForFile();

const PRICE_CENTS = 2_500;
const open = (collector: Collector, packId: number) =>
  openPack(as(db, collector), { packId, idempotencyKey: randomUUID() });

/** How many transactions wrote the pack's openings (their rows' inserting transaction ids). */
async function transactionsOf(packId: number): Promise<{ openings: number; transactions: number }> {
  const [row] = await rowsOf<{ openings: number; transactions: number }>(
    db,
    sql`SELECT count(*)::int AS openings, count(DISTINCT xmin::text)::int AS transactions
        FROM pack_openings WHERE pack_id = ${packId}`,
  );
  return row!;
}

describe("openings committed in batches", () => {
  it("40 buyers at once share transactions, and every pull is its own: one slab, one debit, one nonce", async () => {
    const packId = await makePack(db, { priceCents: PRICE_CENTS, availableCount: 60 });
    const buyers = await Promise.all(
      Array.from({ length: 40 }, () => fundedCollector(db, PRICE_CENTS)),
    );
    // Twenty have opened it once before (so they hold a seed pair and draw with nonce 1); the
    // others' first openings make their seed pairs, each in a savepoint of its batch.
    const veterans = buyers.slice(0, 20);
    for (const buyer of veterans) await fund(db, buyer.id, PRICE_CENTS);
    await Promise.all(veterans.map((buyer) => open(buyer, packId)));

    const pulls = await Promise.all(buyers.map((buyer) => open(buyer, packId)));

    const { openings, transactions } = await transactionsOf(packId);
    expect(openings).toBe(60);
    expect(transactions).toBeLessThan(60);
    expect(new Set(pulls.map((pull) => pull.card.slab!.id)).size).toBe(40);
    // On PostgreSQL the second openings share transactions; PGlite runs one at a time, and
    // the openings queued behind the running one are batched all the same.
    expect(new Set(pulls.map((pull) => pull.openingId)).size).toBe(40);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(db, buyer.id)));
    expect(balances.every((balance) => balance === 0)).toBe(true);
    // The twenty who opened before drew their second pull with nonce 1, the others with nonce 0.
    const nonces = await rowsOf<{ user_id: string; nonces: number[] }>(
      db,
      sql`SELECT user_id, array_agg(nonce ORDER BY nonce) AS nonces FROM pack_openings
          WHERE pack_id = ${packId} GROUP BY user_id`,
    );
    const byUser = new Map(nonces.map((row) => [row.user_id, row.nonces.map(Number)]));
    buyers.forEach((buyer, i) => expect(byUser.get(buyer.id)).toEqual(i < 20 ? [0, 1] : [0]));
    await expectLedgerBalanced(db, new Map([[packId, 60]]));
  });

  it("answers a refused opening in a batch as alone, changing nothing of it, while the others are served", async () => {
    const packId = await makePack(db, { priceCents: PRICE_CENTS, availableCount: 30 });
    const served = await Promise.all(
      Array.from({ length: 12 }, () => fundedCollector(db, PRICE_CENTS)),
    );
    const poor = await fundedCollector(db, PRICE_CENTS - 1);
    const pausing = await fundedCollector(db, PRICE_CENTS);
    const minor = await makeCollector(db, { dateOfBirth: null });
    await fund(db, minor.id, PRICE_CENTS);
    // All but the minor have opened once (their seed pairs exist); the minor's first opening is
    // made in a savepoint of its batch, which the refusal rolls back.
    for (const collector of [...served, poor, pausing, minor])
      await fund(db, collector.id, PRICE_CENTS);
    await Promise.all([...served, poor, pausing].map((collector) => open(collector, packId)));
    await startPause(as(db, pausing), { length: "24h" });
    const before = await transactionsOf(packId);

    const crowd = [...served.slice(0, 6), poor, pausing, minor, ...served.slice(6)];
    const outcomes = await Promise.allSettled(crowd.map((collector) => open(collector, packId)));

    const refusalOf = (collector: Collector) => {
      const outcome = outcomes[crowd.indexOf(collector)]!;
      return outcome.status === "rejected" ? outcome.reason : null;
    };
    expect(refusalOf(poor)).toMatchObject({ code: "insufficient_balance", status: 402 });
    expect(refusalOf(pausing)).toMatchObject({ code: "play_paused", status: 403 });
    expect(refusalOf(minor)).toMatchObject({ code: "date_of_birth_required", status: 403 });
    for (const collector of [poor, pausing, minor]) {
      expect(refusalOf(collector)).toBeInstanceOf(DomainError);
    }
    const pulls = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value as Pull] : []));
    expect(pulls).toHaveLength(12);
    expect(await balanceOf(db, poor.id)).toBe(PRICE_CENTS - 1);
    expect(await balanceOf(db, pausing.id)).toBe(PRICE_CENTS);
    expect(await balanceOf(db, minor.id)).toBe(2 * PRICE_CENTS);
    const minorsRows = await rowsOf<{ pairs: number; accounts: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM fairness_seeds WHERE user_id = ${minor.id}) AS pairs,
          (SELECT count(*)::int FROM play_accounts WHERE user_id = ${minor.id}) AS accounts`,
    );
    expect(minorsRows).toEqual([{ pairs: 0, accounts: 0 }]);
    const after = await transactionsOf(packId);
    expect(after.openings - before.openings).toBe(12);
    expect(after.transactions - before.transactions).toBeLessThan(12);
    await expectLedgerBalanced(db, new Map([[packId, 30]]));
  });

  it("refuses the openings after the pool runs dry in a batch with out_of_stock, paying nothing", async () => {
    const packId = await makePack(db, {
      priceCents: PRICE_CENTS,
      rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
      pool: { common: 5 },
    });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, () => fundedCollector(db, 2 * PRICE_CENTS)),
    );
    const warmUp = await makePack(db, { priceCents: PRICE_CENTS, availableCount: 12 });
    await Promise.all(buyers.map((buyer) => open(buyer, warmUp)));

    const outcomes = await Promise.allSettled(buyers.map((buyer) => open(buyer, packId)));

    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(refused).toHaveLength(7);
    for (const error of refused) expect(error).toMatchObject({ code: "out_of_stock", status: 409 });
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(db, buyer.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(5);
    expect(balances.filter((b) => b === PRICE_CENTS)).toHaveLength(7);
    await expectLedgerBalanced(
      db,
      new Map([
        [packId, 5],
        [warmUp, 12],
      ]),
    );
  });

  it("records alone, shifting from its target, an opening whose target was pulled since the batch's list was read", async () => {
    const odds = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
    const packId = await makePack(db, {
      priceCents: PRICE_CENTS,
      rarityDistribution: odds,
      pool: { common: 14 },
    });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, () => fundedCollector(db, 2 * PRICE_CENTS)),
    );
    const warmUp = await makePack(db, { priceCents: PRICE_CENTS, availableCount: 6 });
    await Promise.all(buyers.map((buyer) => open(buyer, warmUp)));
    // The lists of the pack's tiers are made by its first batch, on this clock: it stands still,
    // so they are never read again for being old.
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    try {
      // One batch of three (submitted in one turn) reads the list of 14 and pulls three.
      await Promise.all(buyers.slice(0, 3).map((buyer) => open(buyer, packId)));
      const listed = await poolIdsOf(db, packId);
      expect(listed).toHaveLength(11);
      // The next batch's draws, worked out from its openers' seed pairs, in the batch's order
      // (ascending user id): each takes its target off the list before the next draws.
      const openers = buyers.slice(3).sort((a, b) => (a.id < b.id ? -1 : 1));
      const pairs = await rowsOf<{
        user_id: string;
        server_seed: string;
        client_seed: string;
        nonce: number;
      }>(
        db,
        sql`SELECT user_id, server_seed, client_seed, nonce FROM fairness_seeds
            WHERE revealed_at IS NULL AND user_id IN ${openers.map((buyer) => buyer.id)}`,
      );
      const [pack] = await db.db.select().from(packs).where(eq(packs.id, packId));
      const { oddsBp } = drawRulesOf(pack!);
      const list = [...listed];
      const targets = openers.map((opener) => {
        const pair = pairs.find((row) => row.user_id === opener.id)!;
        const { slabWord } = poolRollsOf(
          rollDigest(pair.server_seed, pair.client_seed, pair.nonce),
          oddsBp,
        );
        const index = slabIndexOf(slabWord, list.length);
        return { id: list.splice(index, 1)[0]!, index, size: list.length + 1 };
      });
      // Another process pulls the first opener's target: the list still holds it.
      await db.db
        .update(slabs)
        .set({ state: "house_stock", packId: null, poolTier: null })
        .where(eq(slabs.id, targets[0]!.id));

      const pulls = await Promise.all(openers.map((opener) => open(opener, packId)));

      // The first was recorded alone after the batch's statement, from its target on: the next
      // slab in the pool the other two did not take (wrapping to the lowest).
      const free = listed.filter((id) => !targets.some((target) => target.id === id));
      const shiftedTo = free.find((id) => id > targets[0]!.id) ?? free[0];
      expect(pulls.map((pull) => pull.card.slab!.id)).toEqual([
        shiftedTo,
        targets[1]!.id,
        targets[2]!.id,
      ]);
      const rolls = await rowsOf<{ user_id: string; rolls: Record<string, unknown> }>(
        db,
        sql`SELECT user_id, rolls FROM pack_openings WHERE pack_id = ${packId}
            AND user_id IN ${openers.map((opener) => opener.id)}`,
      );
      const rollsOf = (opener: Collector) => rolls.find((row) => row.user_id === opener.id)!.rolls;
      openers.forEach((opener, i) =>
        expect(rollsOf(opener)).toMatchObject({
          slabIndex: targets[i]!.index,
          tierSize: targets[i]!.size,
          shifted: i === 0,
        }),
      );
      expect(targets.map((target) => target.size)).toEqual([11, 10, 9]);
    } finally {
      clock.mockRestore();
    }
    await expectLedgerBalanced(db);
  });
});
