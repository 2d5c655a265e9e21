import { randomUUID } from "node:crypto";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import {
  cards,
  slabs,
  packOpenings,
  packs,
  userCards,
  walletAccounts,
  walletEntries,
  walletTopUps,
} from "~/.server/db/schema";
import { HOLD_AND_PAYOUT_VIOLATIONS } from "./hold-violations";
import { CARD_NAMES_BY_CATEGORY } from "~/.server/setup/seed/packs-data";
import { commitPool } from "~/.server/policy/pool-commitment";
import { recordOdds } from "~/.server/packs/odds";
import { postMovement } from "~/.server/wallet/ledger";
import {
  DEFAULT_DISTRIBUTION,
  RARITIES,
  type PackCategory,
  type RarityDistribution,
} from "~/lib/packs";
import type { CardRarity } from "~/lib/domain/rarity";
import { tierBand } from "~/lib/slabs";
import { makeCollector, type Collector } from "./commerce";
import type { TestDatabase } from "./db";

/**
 * A pack priced in cents with `availableCount` units: by default an active Pokemon pack with
 * the default odds, a unique "Test Pack" name, and its category's card names, and a pool
 * (docs/decisions/037-slab-within-a-tier.md): `pool` slabs per tier when given (the available
 * count is then the pool's size, as for a pack an admin composes), else `availableCount` slabs
 * in each tier with non-zero odds, so no tier empties before the units run out; the pool is
 * committed (docs/decisions/041-pool-commitment.md).
 */
export async function makePack(
  db: TestDatabase,
  {
    name = `Test Pack ${randomUUID().slice(0, 6)}`,
    category = "Pokemon",
    priceCents = 2_500,
    availableCount = 10,
    isActive = true,
    rarityDistribution = DEFAULT_DISTRIBUTION,
    pool,
  }: {
    name?: string;
    category?: PackCategory;
    priceCents?: number;
    availableCount?: number;
    isActive?: boolean;
    rarityDistribution?: RarityDistribution;
    pool?: Partial<Record<CardRarity, number>>;
  } = {},
): Promise<number> {
  const odds = { priceCents, rarityDistribution, cardNames: CARD_NAMES_BY_CATEGORY[category] };
  const [pack] = await db.db
    .insert(packs)
    .values({
      name,
      category,
      description: "A pack for tests",
      availableCount: pool
        ? Object.values(pool).reduce((sum, n) => sum + (n ?? 0), 0)
        : availableCount,
      isActive,
      ...odds,
      oddsCommitment: await recordOdds(db, odds),
    })
    .returning({ id: packs.id });
  const counts =
    pool ??
    Object.fromEntries(RARITIES.map((r) => [r, rarityDistribution[r] > 0 ? availableCount : 0]));
  await poolSlabs(db, { packId: pack!.id, category, priceCents, counts });
  await commitPool(db, pack!.id);
  return pack!.id;
}

/** The ids of the slabs in pack `packId`'s pool, in ascending id (037's canonical order). */
export async function poolIdsOf(db: TestDatabase, packId: number): Promise<number[]> {
  const rows = await db.db
    .select({ id: slabs.id })
    .from(slabs)
    .where(eq(slabs.packId, packId))
    .orderBy(asc(slabs.id));
  return rows.map((row) => row.id);
}

let slabSerial = 0;

/**
 * Adds slabs to pack `packId`'s pool: `counts[tier]` slabs per tier, each of a fresh test card
 * of `category`, FMV the middle of the tier's admission band, a unique PSA cert.
 * @returns the new slabs' ids.
 */
export async function poolSlabs(
  db: TestDatabase,
  o: {
    packId: number;
    category: string;
    priceCents: number;
    counts: Partial<Record<CardRarity, number>>;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (const tier of RARITIES) {
    const n = o.counts[tier] ?? 0;
    if (n === 0) continue;
    const [card] = await db.db
      .insert(cards)
      .values({
        category: o.category,
        setName: `Test Set ${randomUUID().slice(0, 8)}`,
        number: "1",
        name: CARD_NAMES_BY_CATEGORY[o.category as PackCategory]?.[tier][0] ?? "Test Card",
        year: 1999,
      })
      .returning({ id: cards.id });
    const band = tierBand(o.priceCents, tier);
    const rows = Array.from({ length: n }, () => ({
      cardId: card!.id,
      grader: "PSA" as const,
      cert: String(10_000_000 + slabSerial++),
      grade: 9,
      fmvCents: Math.round((band.min + band.max) / 2),
      costCents: band.min,
      acquiredOn: "2026-10-01",
      bin: "TEST",
      state: "in_pool" as const,
      packId: o.packId,
      poolTier: tier,
    }));
    for (let at = 0; at < rows.length; at += 500) {
      const made = await db.db
        .insert(slabs)
        .values(rows.slice(at, at + 500))
        .returning({ id: slabs.id });
      ids.push(...made.map((row) => row.id));
    }
  }
  return ids;
}

/**
 * Takes slabs into house stock: one per FMV of `fmvCents` (in cents), each of a fresh test card
 * of `category`, a unique PSA cert, grade 9.
 * @returns the new slabs' ids, in the order of `fmvCents`.
 */
export async function stockSlabs(
  db: TestDatabase,
  o: { category: string; fmvCents: number[] },
): Promise<number[]> {
  const [card] = await db.db
    .insert(cards)
    .values({
      category: o.category,
      setName: `Stock Set ${randomUUID().slice(0, 8)}`,
      number: "7",
      name: "Stock Card",
      year: 2001,
    })
    .returning({ id: cards.id });
  const made = await db.db
    .insert(slabs)
    .values(
      o.fmvCents.map((fmvCents) => ({
        cardId: card!.id,
        grader: "PSA" as const,
        cert: String(10_000_000 + slabSerial++),
        grade: 9,
        fmvCents,
        costCents: Math.floor(fmvCents / 2),
        acquiredOn: "2026-10-01",
        bin: "STOCK",
        state: "house_stock" as const,
      })),
    )
    .returning({ id: slabs.id });
  return made.map((row) => row.id);
}

/** Adds `cents` to a user's wallet as a top-up ledger entry (what a sandbox charge does). */
export async function fund(db: TestDatabase, userId: string, cents: number): Promise<void> {
  await db.db.transaction((tx) =>
    postMovement(tx, {
      kind: "top_up",
      reference: `test:${randomUUID()}`,
      description: "Test funds",
      legs: [{ account: { userId }, amountCents: cents }],
    }),
  );
}

/** The user's cached wallet balance in cents (0 without an account). */
export async function balanceOf(db: TestDatabase, userId: string): Promise<number> {
  const [account] = await db.db
    .select({ balanceCents: walletAccounts.balanceCents })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  return account?.balanceCents ?? 0;
}

/** A collector with `cents` in their wallet (a test top-up entry). */
export async function fundedCollector(db: TestDatabase, cents: number): Promise<Collector> {
  const collector = await makeCollector(db);
  if (cents > 0) await fund(db, collector.id, cents);
  return collector;
}

/** A domain context acting as `collector` with the clock fixed at `now`. */
export const asAt = (db: TestDatabase, collector: Collector, now: Date) =>
  db.ctx({ actor: { userId: collector.id, role: "user" }, now });

/** Settles `promises` and splits them into the values and the errors (in input order). */
export async function settle<T>(
  promises: Promise<T>[],
): Promise<{ fulfilled: T[]; rejected: unknown[] }> {
  const results = await Promise.allSettled(promises);
  return {
    fulfilled: results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])),
    rejected: results.flatMap((r) => (r.status === "rejected" ? [r.reason] : [])),
  };
}

/**
 * Expects a race's outcome (from {@link settle}): `accepted` attempts fulfilled, `refused`
 * rejected, each rejection matching `refusal` (a DomainError's fields: code, message, status).
 */
export function expectRaceOutcome(
  { fulfilled, rejected }: { fulfilled: unknown[]; rejected: unknown[] },
  accepted: number,
  refused: number,
  refusal: Record<string, unknown>,
): void {
  expect(fulfilled).toHaveLength(accepted);
  expect(rejected).toHaveLength(refused);
  for (const error of rejected) {
    expect(error).toMatchObject(refusal);
  }
}

/** Rows of a raw query, whichever driver (both answer `{ rows }`). */
export async function rowsOf<T = Record<string, unknown>>(
  db: TestDatabase,
  query: SQL,
): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The inventory, part of the ledger checker (docs/design.md "Inventory (real slabs)"): slabs owned
 * by collectors + house stock + pools + shipped = slabs taken in - written off, where every
 * slab taken in is in exactly one of those states (a CHECK) and:
 * - a slab that is owned, shipping out or redeemed has exactly one live card (not sold back)
 *   holding it, and that card's status matches (vaulted or listed; redeemed), and a slab in
 *   the house's hands (intake, house stock, a pool, written off) has none;
 * - every pulled card since pools has its slab, and its opening names that slab;
 * - a slab's history ends in its current state.
 */
const INVENTORY_VIOLATIONS: Record<string, SQL> = {
  "slabs whose live holders do not match their custody state": sql`
    SELECT s.id FROM slabs s WHERE
      (SELECT count(*) FROM user_cards c WHERE c.slab_id = s.id AND c.status <> 'sold')
        <> CASE WHEN s.state IN ('owned', 'shipping_out', 'redeemed') THEN 1 ELSE 0 END
      OR EXISTS (SELECT 1 FROM user_cards c WHERE c.slab_id = s.id AND c.status <> 'sold' AND (
        (s.state = 'owned' AND c.status NOT IN ('vaulted', 'listed', 'in_auction'))
        OR (s.state IN ('shipping_out', 'redeemed') AND c.status <> 'redeemed')))`,
  "openings whose card does not hold the slab they pulled": sql`
    SELECT po.id FROM pack_openings po JOIN user_cards c ON c.id = po.card_id
    WHERE po.slab_id IS DISTINCT FROM c.slab_id`,
  "slabs whose history does not end in their state": sql`
    SELECT s.id FROM slabs s WHERE s.state IS DISTINCT FROM (
      SELECT e.to_state FROM slab_events e WHERE e.slab_id = s.id ORDER BY e.id DESC LIMIT 1)`,
  "inventory that does not add up": sql`
    SELECT 1 WHERE (SELECT count(*) FROM slabs WHERE state IN
        ('owned', 'house_stock', 'in_pool', 'shipping_out', 'redeemed', 'intake'))
      <> (SELECT count(DISTINCT slab_id) FROM slab_events WHERE from_state IS NULL)
        - (SELECT count(*) FROM slabs WHERE state = 'written_off')`,
};

/**
 * The ledger checker (docs/design.md "Testing", docs/product/wallet.md "The ledger"), run after every race:
 * - money: every user account's cached balance is the sum of its entries, never negative, and
 *   each of its entries' balance-after is the running sum of its entries in id order; a house
 *   account (platform, escrow) caches nothing (balance 0, entries without a balance-after:
 *   docs/decisions/011-pack-drop-throughput.md), its balance is the sum of its entries, and the
 *   escrow's is not negative; the legs of every transfer (all kinds but `top_up`) sum to zero;
 *   all balances together equal the money that came in (top-ups), and the top-up entries match
 *   the succeeded top-ups;
 * - openings: each opening has exactly one `pack_purchase` movement debiting its price from
 *   its opener, and each card pulled from a pack has exactly one opening;
 * - cards: at most one pending buyback offer per card, and only while the card is vaulted and
 *   the offer's user owns it; at most one accepted offer per card, its card sold, paid by
 *   exactly one `buyback` movement of its amount to its user, and every such payout belongs
 *   to an accepted offer; a card with a live (not cancelled) redemption is redeemed, has one
 *   such redemption and no accepted offer, and a redeemed card has one;
 * - stock: no pack below zero, and stock plus openings equals each pack's initial stock when
 *   `initialStock` is given;
 * - holds and payouts: see HOLD_AND_PAYOUT_VIOLATIONS.
 */
export async function expectLedgerBalanced(
  db: TestDatabase,
  initialStock?: Map<number, number>,
): Promise<void> {
  const accounts = await db.db.select().from(walletAccounts);
  const sums = await db.db
    .select({
      accountId: walletEntries.accountId,
      sum: sql<string>`sum(${walletEntries.amountCents})`,
    })
    .from(walletEntries)
    .groupBy(walletEntries.accountId);
  const sumOf = new Map(sums.map((row) => [row.accountId, Number(row.sum)]));
  let total = 0;
  for (const account of accounts) {
    const entries = sumOf.get(account.id) ?? 0;
    if (account.kind === "user") {
      expect(account.balanceCents, `balance of account ${account.id}`).toBe(entries);
      expect(account.balanceCents).toBeGreaterThanOrEqual(0);
    } else {
      expect(account.balanceCents, `cached balance of the ${account.kind} account`).toBe(0);
      if (account.kind === "escrow") expect(entries, "escrow balance").toBeGreaterThanOrEqual(0);
    }
    total += entries;
  }
  const [came] = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(sql`${walletEntries.kind} IN ('top_up', 'payout')`);
  expect(total, "all balances equal the money added minus the money paid out").toBe(
    Number(came!.sum),
  );
  const [top] = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletTopUps.amountCents}), 0)` })
    .from(walletTopUps)
    .where(eq(walletTopUps.status, "succeeded"));
  const seeded = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(sql`${walletEntries.kind} = 'top_up' and ${walletEntries.reference} like 'top_up:%'`);
  expect(Number(seeded[0]!.sum), "top-up entries match succeeded top-ups").toBe(Number(top!.sum));

  const violations: Record<string, SQL> = {
    "user entries whose balance-after is not their account's running sum": sql`
      SELECT id, account_id FROM (
        SELECT e.id, e.account_id, e.balance_after_cents,
          sum(e.amount_cents) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
        FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
        WHERE a.kind = 'user') e
      WHERE balance_after_cents IS DISTINCT FROM running`,
    "house entries with a balance-after": sql`
      SELECT e.id FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
      WHERE a.kind <> 'user' AND e.balance_after_cents IS NOT NULL`,
    "transfers whose legs do not sum to zero": sql`
      SELECT reference, kind FROM wallet_entries WHERE kind NOT IN ('top_up', 'payout')
      GROUP BY reference, kind HAVING sum(amount_cents) <> 0`,
    "top-ups that are not one credit": sql`
      SELECT reference FROM wallet_entries WHERE kind = 'top_up'
      GROUP BY reference HAVING count(*) <> 1 OR min(amount_cents) <= 0`,
    "openings not paid exactly once by their opener": sql`
      SELECT po.id FROM pack_openings po
      WHERE (SELECT count(*) FROM wallet_entries e
               WHERE e.reference = 'pack_opening:' || po.id AND e.kind = 'pack_purchase') <> 2
         OR NOT EXISTS (
           SELECT 1 FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
           WHERE e.reference = 'pack_opening:' || po.id AND e.kind = 'pack_purchase'
             AND a.user_id = po.user_id AND e.amount_cents = -po.price_paid_cents)`,
    "pulled cards without exactly one opening": sql`
      SELECT c.id FROM user_cards c WHERE c.pack_id IS NOT NULL
        AND (SELECT count(*) FROM pack_openings po WHERE po.card_id = c.id) <> 1`,
    "cards with more than one pending offer": sql`
      SELECT card_id FROM buyback_offers WHERE status = 'pending'
      GROUP BY card_id HAVING count(*) > 1`,
    "pending offers on a card that is not its user's and vaulted": sql`
      SELECT o.id FROM buyback_offers o JOIN user_cards c ON c.id = o.card_id
      WHERE o.status = 'pending' AND (c.status <> 'vaulted' OR c.user_id <> o.user_id)`,
    "cards with more than one accepted offer": sql`
      SELECT card_id FROM buyback_offers WHERE status = 'accepted'
      GROUP BY card_id HAVING count(*) > 1`,
    "accepted offers whose card is not sold": sql`
      SELECT o.id FROM buyback_offers o JOIN user_cards c ON c.id = o.card_id
      WHERE o.status = 'accepted' AND c.status <> 'sold'`,
    "accepted offers not paid exactly once to their user": sql`
      SELECT o.id FROM buyback_offers o WHERE o.status = 'accepted'
        AND ((SELECT count(*) FROM wallet_entries e
               WHERE e.reference = 'buyback_offer:' || o.id AND e.kind = 'buyback') <> 2
          OR NOT EXISTS (
            SELECT 1 FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
            WHERE e.reference = 'buyback_offer:' || o.id AND e.kind = 'buyback'
              AND a.user_id = o.user_id AND e.amount_cents = o.offer_amount_cents))`,
    "buyback payouts without an accepted offer": sql`
      SELECT e.id FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
      WHERE e.kind = 'buyback' AND a.user_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM buyback_offers o
        WHERE e.reference = 'buyback_offer:' || o.id AND o.status = 'accepted')`,
    "cards with a live redemption that are not redeemed, or also bought back": sql`
      SELECT r.card_id FROM redemptions r JOIN user_cards c ON c.id = r.card_id
      WHERE r.status <> 'cancelled' AND (c.status <> 'redeemed' OR EXISTS (
        SELECT 1 FROM buyback_offers o WHERE o.card_id = c.id AND o.status = 'accepted'))`,
    "redeemed cards without exactly one live redemption": sql`
      SELECT c.id FROM user_cards c WHERE c.status = 'redeemed'
        AND (SELECT count(*) FROM redemptions r
             WHERE r.card_id = c.id AND r.status <> 'cancelled') <> 1`,
    "packs below zero stock": sql`SELECT id FROM packs WHERE available_count < 0`,
    ...INVENTORY_VIOLATIONS,
    ...HOLD_AND_PAYOUT_VIOLATIONS,
  };
  for (const [rule, query] of Object.entries(violations)) {
    expect(await rowsOf(db, query), rule).toEqual([]);
  }

  for (const [packId, stock] of initialStock ?? []) {
    const [pack] = await db.db
      .select({ left: packs.availableCount })
      .from(packs)
      .where(eq(packs.id, packId));
    const [opened] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(packOpenings)
      .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
      .where(eq(packOpenings.packId, packId));
    expect(pack!.left + opened!.n, `stock of pack ${packId}`).toBe(stock);
  }
}
