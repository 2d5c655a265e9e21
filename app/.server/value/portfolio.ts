import { and, asc, eq, gte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { queryRows } from "../db/rows";
import { portfolioSnapshots } from "../db/schema";
import type { PortfolioDay } from "~/lib/value/portfolio";

/**
 * What a card of the vault cost its owner (docs/product/value.md "Portfolio"), as SQL over the
 * card's `id` and `userId` columns: the price of the latest completed purchase of it by its
 * owner (a listing bought, an auction won, a standing bid filled with it), else the pack price paid for its pull by its owner, else null (it came by trade).
 */
export function paidCentsOf(card: { id: SQLWrapper; userId: SQLWrapper }): SQL<number | null> {
  return sql<number | null>`coalesce(
  (SELECT t.transaction_amount_cents FROM transactions t
    LEFT JOIN listings l ON l.id = t.listing_id
    LEFT JOIN auctions a ON a.id = t.auction_id
    LEFT JOIN standing_bids b ON b.id = t.standing_bid_id
    WHERE coalesce(l.card_id, a.card_id, b.filled_card_id) = ${card.id}
      AND t.buyer_id = ${card.userId} AND t.status = 'completed'
    ORDER BY t.id DESC LIMIT 1),
  (SELECT po.price_paid_cents FROM pack_openings po
    WHERE po.card_id = ${card.id} AND po.user_id = ${card.userId}))`.mapWith(
    (v: string | number | null) => (v === null ? null : Number(v)),
  );
}

/**
 * Writes today's (UTC, at `ctx.now()`) portfolio snapshot of every collector with a card in
 * the vault (the daily `value.portfolio-snapshot` job): the FMV today of their vaulted and
 * listed cards (the slab's FMV, or the value at the pull for a card without a slab), what they
 * paid for them (a card that came by trade counts 0) and how many. One statement; a second
 * run the same day overwrites the day's rows.
 * @returns how many collectors' rows were written.
 */
export async function snapshotPortfolios(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const day = ctx.now().toISOString().slice(0, 10);
  const rows = await queryRows<{ user_id: string }>(
    ctx.db,
    sql`INSERT INTO portfolio_snapshots (user_id, day, value_cents, cost_cents, cards)
        SELECT uc.user_id, ${day}::date,
               sum(coalesce(s.fmv_cents, uc.estimated_value_cents)),
               sum(coalesce(${paidCentsOf({ id: sql`uc.id`, userId: sql`uc.user_id` })}, 0)), count(*)
        FROM user_cards uc LEFT JOIN slabs s ON s.id = uc.slab_id
        WHERE uc.status IN ('vaulted', 'listed')
        GROUP BY uc.user_id
        ON CONFLICT (user_id, day) DO UPDATE SET value_cents = excluded.value_cents,
          cost_cents = excluded.cost_cents, cards = excluded.cards
        RETURNING user_id`,
  );
  return rows.length;
}

/**
 * The signed-in collector's portfolio snapshots of the last `days` days (oldest first), for
 * the vault's chart (30, 90 or 365 days).
 * @throws DomainError `not_signed_in` (401).
 */
export async function loadPortfolioHistory(ctx: Ctx, days: number): Promise<PortfolioDay[]> {
  const userId = ownerId(ctx);
  const since = new Date(ctx.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
  return ctx.db
    .select({
      day: portfolioSnapshots.day,
      valueCents: portfolioSnapshots.valueCents,
      costCents: portfolioSnapshots.costCents,
    })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.userId, userId), gte(portfolioSnapshots.day, since)))
    .orderBy(asc(portfolioSnapshots.day));
}
