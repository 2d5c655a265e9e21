import { and, count, eq, gte, or, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { queryRows } from "../db/rows";
import type { Database } from "../db/client";
import type { SqlValue } from "../db/prepared";
import { listings, orders, redemptions, tradeRequests, transactions } from "../db/schema";
import { PACK_CATEGORIES } from "~/lib/packs";

type Tx = Pick<Database, "select" | "execute">;

/** The actions after which achievements are checked (in the action's own transaction). */
export type AchievementTrigger =
  "pack_opening" | "redemption" | "listing" | "sale" | "trade" | "order";

/** The price from which an opening counts for `high_roller`, in cents. */
const HIGH_ROLLER_CENTS = 50_000;

/**
 * What a user's pulls and vault add up to (one query, shared by the pack and vault rules of
 * one check).
 */
export type PullStats = {
  pulls: number;
  rares: number;
  legendaries: number;
  perfectTens: number;
  /** The distinct pack categories of their pulls. */
  packCategories: string[];
  highRollers: number;
  /** The estimated value of the cards in their vault, in cents. */
  vaultValueCents: number;
};

/**
 * {@link PullStats} of `userId` as one json subquery, so a caller can fold it into its own
 * read (numbers may arrive as text: read it with {@link pullStatsOf}). Each opening's card is
 * read by its key (a LATERAL subquery the planner keeps as such, `LIMIT 1` on the primary key),
 * so the cost follows the user's openings, not the size of user_cards: as a join, the opening's
 * generic plan hashed a scan of all of user_cards on every opening
 * (docs/decisions/061-opening-record-built-once.md).
 */
export function pullStatsSql(userId: SqlValue<string>): SQL {
  return sql`(SELECT json_build_object('pulls', count(*),
      'rares', count(*) filter (where c.rarity = 'rare'),
      'legendaries', count(*) filter (where c.rarity = 'legendary'),
      'perfectTens', count(*) filter (where c.grade = 10),
      'packCategories', coalesce(array_agg(distinct c.pack_category)
        filter (where c.pack_category is not null), '{}'),
      'highRollers', count(*) filter (where o.price_paid_cents >= ${HIGH_ROLLER_CENTS}),
      'vaultValueCents', (select coalesce(sum(v.estimated_value_cents), 0)
        from user_cards v where v.user_id = ${userId} and v.status = 'vaulted'))
    FROM pack_openings o CROSS JOIN LATERAL (SELECT c.rarity, c.grade, c.pack_category
      FROM user_cards c WHERE c.id = o.card_id LIMIT 1) c
    WHERE o.user_id = ${userId})`;
}

/** {@link PullStats} from the json {@link pullStatsSql} reads. */
export function pullStatsOf(json: Record<keyof PullStats, unknown>): PullStats {
  return {
    pulls: Number(json.pulls),
    rares: Number(json.rares),
    legendaries: Number(json.legendaries),
    perfectTens: Number(json.perfectTens),
    packCategories: json.packCategories as string[],
    highRollers: Number(json.highRollers),
    vaultValueCents: Number(json.vaultValueCents),
  };
}

/**
 * `stats` read before an opening, with that opening's pull added (its card goes to the vault),
 * so an opening can check its achievements without reading its own writes back.
 */
export function withPull(
  stats: PullStats,
  pull: {
    rarity: string;
    grade: number;
    packCategory: string;
    pricePaidCents: number;
    estimatedValueCents: number;
  },
): PullStats {
  return {
    pulls: stats.pulls + 1,
    rares: stats.rares + (pull.rarity === "rare" ? 1 : 0),
    legendaries: stats.legendaries + (pull.rarity === "legendary" ? 1 : 0),
    perfectTens: stats.perfectTens + (pull.grade === 10 ? 1 : 0),
    packCategories: stats.packCategories.includes(pull.packCategory)
      ? stats.packCategories
      : [...stats.packCategories, pull.packCategory],
    highRollers: stats.highRollers + (pull.pricePaidCents >= HIGH_ROLLER_CENTS ? 1 : 0),
    vaultValueCents: stats.vaultValueCents + pull.estimatedValueCents,
  };
}

/** Loads what a rule needs once per check. */
export class AchievementFacts {
  private pullStats?: Promise<PullStats>;
  /** `pullStats`, when given, are the user's stats as they stand (see {@link withPull}). */
  constructor(
    readonly tx: Tx,
    readonly userId: string,
    pullStats?: PullStats,
  ) {
    if (pullStats) this.pullStats = Promise.resolve(pullStats);
  }

  pulls(): Promise<PullStats> {
    this.pullStats ??= queryRows<{ stats: Record<keyof PullStats, unknown> }>(
      this.tx,
      sql`SELECT ${pullStatsSql(this.userId)} AS stats`,
    ).then(([row]) => pullStatsOf(row!.stats));
    return this.pullStats;
  }

  async exists(query: Promise<{ n: number }[]>): Promise<boolean> {
    const [row] = await query;
    return (row?.n ?? 0) > 0;
  }
}

/** What unlocks one achievement of the catalogue (migration 0005), and when to check it. */
export type AchievementRule = {
  triggers: AchievementTrigger[];
  /** Whether `qualifies` reads {@link AchievementFacts.pulls} (read with the catalogue, then). */
  readsPulls?: true;
  qualifies: (facts: AchievementFacts) => Promise<boolean>;
};

const pullRule = (test: (stats: PullStats) => boolean): AchievementRule => ({
  triggers: ["pack_opening"],
  readsPulls: true,
  qualifies: async (facts) => test(await facts.pulls()),
});

/**
 * A rule checked after `trigger`: met once the user has a row of `table` matching
 * `mine(userId)` (one `count(*)` read).
 */
const rowRule = (
  trigger: AchievementTrigger,
  table: PgTable,
  mine: (userId: string) => SQL | undefined,
): AchievementRule => ({
  triggers: [trigger],
  qualifies: (facts) =>
    facts.exists(facts.tx.select({ n: count() }).from(table).where(mine(facts.userId))),
});

/** docs/product/rewards.md: every achievement of the catalogue, by id. */
export const ACHIEVEMENT_RULES: Record<string, AchievementRule> = {
  first_pull: pullRule((s) => s.pulls >= 1),
  ten_pulls: pullRule((s) => s.pulls >= 10),
  hundred_pulls: pullRule((s) => s.pulls >= 100),
  first_rare: pullRule((s) => s.rares >= 1),
  first_legendary: pullRule((s) => s.legendaries >= 1),
  five_legendaries: pullRule((s) => s.legendaries >= 5),
  perfect_ten: pullRule((s) => s.perfectTens >= 1),
  pack_explorer: pullRule((s) => s.packCategories.length >= PACK_CATEGORIES.length),
  high_roller: pullRule((s) => s.highRollers >= 1),
  vault_1000: {
    triggers: ["pack_opening", "trade", "sale"],
    readsPulls: true,
    qualifies: async (facts) => (await facts.pulls()).vaultValueCents >= 100_000,
  },
  first_redemption: rowRule("redemption", redemptions, (userId) => eq(redemptions.userId, userId)),
  first_listing: rowRule("listing", listings, (userId) => eq(listings.userId, userId)),
  first_sale: rowRule("sale", transactions, (userId) =>
    and(eq(transactions.sellerId, userId), eq(transactions.status, "completed")),
  ),
  first_trade: rowRule("trade", tradeRequests, (userId) =>
    and(
      eq(tradeRequests.status, "accepted"),
      or(eq(tradeRequests.fromUserId, userId), eq(tradeRequests.toUserId, userId)),
    ),
  ),
  first_order: rowRule("order", orders, (userId) =>
    and(eq(orders.userId, userId), gte(orders.totalCents, 1)),
  ),
};
