import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import {
  listings,
  offers,
  orders,
  packOpenings,
  profiles,
  redemptions,
  submissionRequests,
  tradeRequests,
  transactions,
  userCards,
} from "../db/schema";
import { requireStaff } from "../policy/permissions";

/**
 * The eight counters of the Overview tab (docs/product/administration.md, in its order). `pendingOffers` counts
 * the marketplace's offers awaiting the seller: buy and trade offers (`offers`) plus card trade
 * requests (`trade_requests`) still pending. Buyback offers are not counted: they are the
 * platform's own offers to a collector, not offers between collectors.
 */
export type AdminCounters = {
  totalUsers: number;
  totalCards: number;
  activeListings: number;
  totalTransactions: number;
  packsOpened: number;
  redemptions: number;
  pendingOffers: number;
  submissions: number;
};

/** One UTC day of the Overview charts. Money in cents. */
export type OverviewDay = {
  /** "2026-11-01" (UTC). */
  day: string;
  packOpenings: number;
  /** Pack sales: the sum of `pack_openings.price_paid_cents`. */
  packSalesCents: number;
  /** Store orders: the sum of `orders.total_cents`. */
  storeOrdersCents: number;
  /** Marketplace sales (not refunded): the sum of `transactions.transaction_amount_cents`. */
  marketVolumeCents: number;
  /** Their platform fees: the sum of `transactions.platform_fee_cents`. */
  marketFeesCents: number;
};

/** The Overview tab: its counters and the last {@link OVERVIEW_DAYS} days. */
export type AdminOverview = { counters: AdminCounters; days: OverviewDay[] };

/** How many days the Overview charts cover, today (UTC) included. */
export const OVERVIEW_DAYS = 30;

/**
 * The eight counters, read in one query of scalar sub-queries (docs/product/administration.md, Overview).
 */
async function readCounters(ctx: Ctx): Promise<AdminCounters> {
  const n = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
  const [row] = await ctx.db
    .select({
      totalUsers: n(sql`select count(*) from ${profiles}`),
      totalCards: n(sql`select count(*) from ${userCards}`),
      activeListings: n(sql`select count(*) from ${listings} where ${listings.status} = 'active'`),
      totalTransactions: n(sql`select count(*) from ${transactions}`),
      packsOpened: n(sql`select count(*) from ${packOpenings}`),
      redemptions: n(sql`select count(*) from ${redemptions}`),
      pendingOffers: n(
        sql`select (select count(*) from ${offers} where ${offers.status} = 'pending')
          + (select count(*) from ${tradeRequests} where ${tradeRequests.status} = 'pending')`,
      ),
      submissions: n(sql`select count(*) from ${submissionRequests}`),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** "2026-11-01" for the UTC day of `date`. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last {@link OVERVIEW_DAYS} UTC days up to `ctx.now()`, oldest first, each with its pack
 * openings, revenue (pack sales, store orders) and marketplace volume and fees; a day without
 * activity is all zeros. One query: a day series joined to three per-day aggregates.
 */
async function readDays(ctx: Ctx): Promise<OverviewDay[]> {
  const last = utcDay(ctx.now());
  const first = utcDay(
    new Date(Date.parse(`${last}T00:00:00Z`) - (OVERVIEW_DAYS - 1) * 86_400_000),
  );
  const since = sql`${`${first}T00:00:00Z`}::timestamptz`;
  const dayOf = (column: unknown) => sql`(${column} at time zone 'UTC')::date`;
  const result = await ctx.db.execute(sql`
    with days as (
      select generate_series(${first}::date, ${last}::date, interval '1 day')::date as day
    ),
    openings as (
      select ${dayOf(packOpenings.createdAt)} as day, count(*)::int as n,
        coalesce(sum(${packOpenings.pricePaidCents}), 0)::bigint as cents
      from ${packOpenings} where ${packOpenings.createdAt} >= ${since} group by 1
    ),
    store as (
      select ${dayOf(orders.createdAt)} as day, coalesce(sum(${orders.totalCents}), 0)::bigint as cents
      from ${orders} where ${orders.createdAt} >= ${since} group by 1
    ),
    market as (
      select ${dayOf(transactions.createdAt)} as day,
        coalesce(sum(${transactions.transactionAmountCents}), 0)::bigint as volume,
        coalesce(sum(${transactions.platformFeeCents}), 0)::bigint as fees
      from ${transactions}
      where ${transactions.createdAt} >= ${since} and ${transactions.status} <> 'refunded'
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(openings.n, 0) as pack_openings,
      coalesce(openings.cents, 0) as pack_sales_cents,
      coalesce(store.cents, 0) as store_orders_cents,
      coalesce(market.volume, 0) as market_volume_cents,
      coalesce(market.fees, 0) as market_fees_cents
    from days
    left join openings on openings.day = days.day
    left join store on store.day = days.day
    left join market on market.day = days.day
    order by days.day`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    day: String(row.day),
    packOpenings: Number(row.pack_openings),
    packSalesCents: Number(row.pack_sales_cents),
    storeOrdersCents: Number(row.store_orders_cents),
    marketVolumeCents: Number(row.market_volume_cents),
    marketFeesCents: Number(row.market_fees_cents),
  }));
}

/**
 * The Overview tab (docs/product/administration.md): the eight counters and, per UTC day of
 * the last 30, pack openings, revenue (pack sales and store orders) and marketplace volume and
 * platform fees.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function loadAdminOverview(ctx: Ctx): Promise<AdminOverview> {
  requireStaff(ctx, "view");
  const [counters, days] = await Promise.all([readCounters(ctx), readDays(ctx)]);
  return { counters, days };
}
