import { and, count, eq, gte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  buybackOffers,
  listings,
  orders,
  packOpenings,
  redemptions,
  tradeRequests,
  transactions,
  userCards,
} from "../db/schema";
import { PACK_CATEGORIES } from "~/lib/packs";

type Tx = Pick<Database, "select">;

/** The actions after which achievements are checked (in the action's own transaction). */
export type AchievementTrigger =
  "pack_opening" | "buyback" | "redemption" | "listing" | "sale" | "trade" | "order";

/**
 * What a user's pulls and vault add up to (one query, shared by the pack and vault rules of
 * one check).
 */
type PullStats = {
  pulls: number;
  rares: number;
  legendaries: number;
  perfectTens: number;
  categories: number;
  highRollers: number;
  /** The estimated value of the cards in their vault, in cents. */
  vaultValueCents: number;
};

/** Loads what a rule needs once per check. */
export class AchievementFacts {
  private pullStats?: Promise<PullStats>;
  constructor(
    readonly tx: Tx,
    readonly userId: string,
  ) {}

  pulls(): Promise<PullStats> {
    this.pullStats ??= this.tx
      .select({
        pulls: count(),
        rares: sql<number>`count(*) filter (where ${userCards.rarity} = 'rare')::int`,
        legendaries: sql<number>`count(*) filter (where ${userCards.rarity} = 'legendary')::int`,
        perfectTens: sql<number>`count(*) filter (where ${userCards.grade} = 10)::int`,
        categories: sql<number>`count(distinct ${userCards.packCategory})::int`,
        highRollers: sql<number>`count(*) filter (where ${packOpenings.pricePaidCents} >= 50000)::int`,
        vaultValueCents: sql<number>`(select coalesce(sum(v.estimated_value_cents), 0)
          from user_cards v where v.user_id = ${this.userId} and v.status = 'vaulted')`.mapWith(
          Number,
        ),
      })
      .from(packOpenings)
      .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
      .where(eq(packOpenings.userId, this.userId))
      .then(([row]) => row!);
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
  qualifies: (facts: AchievementFacts) => Promise<boolean>;
};

const pullRule = (test: (stats: PullStats) => boolean): AchievementRule => ({
  triggers: ["pack_opening"],
  qualifies: async (facts) => test(await facts.pulls()),
});

/** Issue 7 section 1: every achievement of the catalogue, by id. */
export const ACHIEVEMENT_RULES: Record<string, AchievementRule> = {
  first_pull: pullRule((s) => s.pulls >= 1),
  ten_pulls: pullRule((s) => s.pulls >= 10),
  hundred_pulls: pullRule((s) => s.pulls >= 100),
  first_rare: pullRule((s) => s.rares >= 1),
  first_legendary: pullRule((s) => s.legendaries >= 1),
  five_legendaries: pullRule((s) => s.legendaries >= 5),
  perfect_ten: pullRule((s) => s.perfectTens >= 1),
  pack_explorer: pullRule((s) => s.categories >= PACK_CATEGORIES.length),
  high_roller: pullRule((s) => s.highRollers >= 1),
  vault_1000: {
    triggers: ["pack_opening", "trade", "sale"],
    qualifies: async (facts) => (await facts.pulls()).vaultValueCents >= 100_000,
  },
  first_buyback: {
    triggers: ["buyback"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx
          .select({ n: count() })
          .from(buybackOffers)
          .where(and(eq(buybackOffers.userId, facts.userId), eq(buybackOffers.status, "accepted"))),
      ),
  },
  first_redemption: {
    triggers: ["redemption"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx
          .select({ n: count() })
          .from(redemptions)
          .where(eq(redemptions.userId, facts.userId)),
      ),
  },
  first_listing: {
    triggers: ["listing"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx.select({ n: count() }).from(listings).where(eq(listings.userId, facts.userId)),
      ),
  },
  first_sale: {
    triggers: ["sale"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx
          .select({ n: count() })
          .from(transactions)
          .where(
            and(eq(transactions.sellerId, facts.userId), eq(transactions.status, "completed")),
          ),
      ),
  },
  first_trade: {
    triggers: ["trade"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx
          .select({ n: count() })
          .from(tradeRequests)
          .where(
            and(
              eq(tradeRequests.status, "accepted"),
              or(
                eq(tradeRequests.fromUserId, facts.userId),
                eq(tradeRequests.toUserId, facts.userId),
              ),
            ),
          ),
      ),
  },
  first_order: {
    triggers: ["order"],
    qualifies: (facts) =>
      facts.exists(
        facts.tx
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.userId, facts.userId), gte(orders.totalCents, 1))),
      ),
  },
};
