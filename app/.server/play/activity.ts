import { and, eq, sql } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { walletAccounts, walletEntries } from "../db/schema";
import type { ActivityDay, ActivityTotals, PlayActivity } from "~/lib/play";

/** Days the chart and the 'Last 30 days' column cover. */
export const ACTIVITY_DAYS = 30;

/**
 * Which ledger kinds make each figure of My activity (decision record 010), signed as they
 * touch the user's wallet. Withdrawals and their refunds, and offer holds and their releases,
 * count once those kinds exist in the ledger.
 */
const GROUPS = {
  deposits: ["top_up"],
  withdrawals: ["withdrawal", "withdrawal_refund"],
  packSpending: ["pack_purchase"],
  buybackIncome: ["buyback"],
  marketplaceNet: ["sale", "escrow", "offer_hold", "offer_release"],
} as const;
type Group = keyof typeof GROUPS;

const groupOf = sql<Group | null>`case
  ${sql.join(
    Object.entries(GROUPS).map(
      ([group, kinds]) =>
        sql`when ${walletEntries.kind} in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}) then ${group}`,
    ),
    sql` `,
  )}
  end`;

function totalsOf(sums: Partial<Record<Group, number>>): ActivityTotals {
  const packSpendingCents = 0 - (sums.packSpending ?? 0);
  const buybackIncomeCents = sums.buybackIncome ?? 0;
  const marketplaceNetCents = sums.marketplaceNet ?? 0;
  return {
    depositsCents: sums.deposits ?? 0,
    withdrawalsCents: 0 - (sums.withdrawals ?? 0),
    packSpendingCents,
    buybackIncomeCents,
    marketplaceNetCents,
    netPositionCents: buybackIncomeCents + marketplaceNetCents - packSpendingCents,
  };
}

/**
 * The signed-in user's My activity (decision record 010): deposits, withdrawals, pack
 * spending, buyback income, marketplace net and the net position (buybacks plus marketplace
 * net minus pack spending), for the last 30 days and all time, and one chart row per UTC day of
 * the last 30 (oldest first), all in cents from their ledger entries.
 * @throws DomainError `not_signed_in` (401).
 */
export async function playActivity(ctx: Ctx): Promise<PlayActivity> {
  const userId = ownerId(ctx);
  const now = ctx.now();
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000);
  const day = sql<string>`to_char(${walletEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      group: groupOf,
      day: sql<string | null>`case when ${walletEntries.createdAt} > ${since} then ${day} end`,
      sum: sql<string>`sum(${walletEntries.amountCents})`,
    })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(and(eq(walletAccounts.userId, userId)))
    .groupBy(sql`1, 2`);

  const allTime: Partial<Record<Group, number>> = {};
  const recent: Partial<Record<Group, number>> = {};
  const byDay = new Map<string, Partial<Record<Group, number>>>();
  for (const row of rows) {
    if (!row.group) continue;
    const cents = Number(row.sum);
    allTime[row.group] = (allTime[row.group] ?? 0) + cents;
    if (row.day === null) continue;
    recent[row.group] = (recent[row.group] ?? 0) + cents;
    const sums = byDay.get(row.day) ?? {};
    sums[row.group] = (sums[row.group] ?? 0) + cents;
    byDay.set(row.day, sums);
  }
  const days: ActivityDay[] = [];
  for (let back = ACTIVITY_DAYS - 1; back >= 0; back--) {
    const key = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const totals = totalsOf(byDay.get(key) ?? {});
    days.push({
      day: key,
      packSpendingCents: totals.packSpendingCents,
      buybackIncomeCents: totals.buybackIncomeCents,
      marketplaceNetCents: totals.marketplaceNetCents,
    });
  }
  return { last30Days: totalsOf(recent), allTime: totalsOf(allTime), days };
}
