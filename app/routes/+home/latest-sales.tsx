import { TrendingUp } from "lucide-react";
import type { LatestSale } from "~/.server/activity/latest-sales";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { formatCents } from "~/lib/money";
import { formatRelativeTime } from "~/lib/time";

/**
 * The 'Latest Sales' card (spec storefront section 2, Home): card name, rarity badge, relative
 * time and price, newest first, or 'No recent sales'. Times are told against the server's
 * `now`, so the hydrated text matches the server-rendered one.
 */
export function LatestSales({ sales, now }: { sales: LatestSale[]; now: Date }) {
  return (
    <section
      aria-labelledby="latest-sales-title"
      className="bg-surface rounded-2xl border p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center gap-2">
        <TrendingUp className="text-accent size-5" aria-hidden="true" />
        <h2 id="latest-sales-title" className="text-xl font-bold tracking-tight">
          Latest Sales
        </h2>
      </div>
      {sales.length === 0 ? (
        <p className="text-muted-foreground mt-6 py-8 text-center">No recent sales</p>
      ) : (
        <ul className="mt-4 divide-y">
          {sales.map((sale) => (
            <li key={sale.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{sale.cardName}</p>
                <div className="text-muted-foreground mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  {sale.rarity ? <RarityBadge rarity={sale.rarity} /> : null}
                  <span className="whitespace-nowrap">
                    {sale.category} ·{" "}
                    <time dateTime={sale.soldAt.toISOString()}>
                      {formatRelativeTime(sale.soldAt, now)}
                    </time>
                  </span>
                </div>
              </div>
              <p className="shrink-0 font-semibold tabular-nums">
                {formatCents(sale.salePriceCents)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
