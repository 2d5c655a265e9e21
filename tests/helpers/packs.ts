import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  packOpenings,
  packs,
  userCards,
  walletAccounts,
  walletEntries,
  walletTopUps,
} from "~/.server/db/schema";
import { CARD_NAMES_BY_CATEGORY } from "~/.server/db/seed/packs-data";
import { postMovement } from "~/.server/wallet/ledger";
import { DEFAULT_DISTRIBUTION, type RarityDistribution } from "~/lib/packs";
import type { TestDatabase } from "./db";

/** An active Pokemon pack priced in cents with `availableCount` units. */
export async function makePack(
  db: TestDatabase,
  {
    priceCents = 2_500,
    availableCount = 10,
    isActive = true,
    rarityDistribution = DEFAULT_DISTRIBUTION,
  }: {
    priceCents?: number;
    availableCount?: number;
    isActive?: boolean;
    rarityDistribution?: RarityDistribution;
  } = {},
): Promise<number> {
  const [pack] = await db.db
    .insert(packs)
    .values({
      name: `Test Pack ${randomUUID().slice(0, 6)}`,
      category: "Pokemon",
      description: "A pack for tests",
      priceCents,
      availableCount,
      isActive,
      rarityDistribution,
      cardNames: CARD_NAMES_BY_CATEGORY.Pokemon,
    })
    .returning({ id: packs.id });
  return pack!.id;
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

/**
 * The ledger checker (DESIGN.md Testing, issue 5 section 5): every account's cached balance is
 * the sum of its entries, no user or escrow balance is negative, each entry's balance-after
 * is consistent, all balances together equal the money that came in (top-ups), and stock plus
 * openings equals each pack's initial stock when `initialStock` is given.
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
    expect(account.balanceCents, `balance of account ${account.id}`).toBe(
      sumOf.get(account.id) ?? 0,
    );
    if (account.kind !== "platform") expect(account.balanceCents).toBeGreaterThanOrEqual(0);
    total += account.balanceCents;
  }
  const [came] = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.kind, "top_up"));
  expect(total, "all balances equal the money added").toBe(Number(came!.sum));
  const [top] = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletTopUps.amountCents}), 0)` })
    .from(walletTopUps)
    .where(eq(walletTopUps.status, "succeeded"));
  const seeded = await db.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(sql`${walletEntries.kind} = 'top_up' and ${walletEntries.reference} like 'top_up:%'`);
  expect(Number(seeded[0]!.sum), "top-up entries match succeeded top-ups").toBe(Number(top!.sum));

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
