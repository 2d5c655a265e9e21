import { Icon } from "~/components/ui/icon";
import { CardLink } from "~/components/value/card-link";
import type { LatestSale } from "~/lib/domain/activity";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { rarityLabel } from "~/lib/domain/rarity";
import { formatCents } from "~/lib/money";
import { formatRelativeTime } from "~/lib/time";
import { useSalesFeed, useTickingNow } from "~/lib/use-sales-feed";

/** The card shows this many sales (the loader's LATEST_SALES_LIMIT). */
const SHOWN = 8;

/** What a screen reader hears when a sale arrives live. */
function announcement(sale: LatestSale): string {
  const rarity = sale.rarity ? `${rarityLabel(sale.rarity)} ` : "";
  return `New sale: ${rarity}${sale.cardName} sold for ${formatCents(sale.salePriceCents)}`;
}

/**
 * The 'Latest Sales' card (docs/product/rewards.md): card name (a link to the card's page when
 * the sale was of a catalogue card's slab: docs/product/value.md "A card's page"), rarity badge,
 * relative time and price, newest first, or 'No recent sales'. The loader's list is server-rendered;
 * then new sales arrive live over Server-Sent Events (docs/product/rewards.md) and go first, keeping
 * 8, each announced politely to screen readers. Times are told against the server's `now`
 * while hydrating (so the text matches the server's), then against a clock that ticks.
 */
export function LatestSales({
  sales: initial,
  now: serverNow,
}: {
  sales: LatestSale[];
  now: Date;
}) {
  const { sales, latest } = useSalesFeed(initial, SHOWN);
  const now = useTickingNow(serverNow);
  return (
    <section
      aria-labelledby="latest-sales-title"
      className="bg-surface rounded-2xl border p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center gap-2">
        <Icon name="trending-up" className="text-accent size-5" />
        <h2 id="latest-sales-title" className="text-xl font-bold tracking-tight">
          Latest Sales
        </h2>
      </div>
      <p role="status" className="sr-only">
        {latest ? announcement(latest) : ""}
      </p>
      {sales.length === 0 ? (
        <p className="text-muted-foreground mt-6 py-8 text-center">No recent sales</p>
      ) : (
        <ul className="sales-list">
          {sales.map((sale) => (
            <li key={sale.id}>
              <div>
                <p>
                  <CardLink cardId={sale.cardId}>{sale.cardName}</CardLink>
                </p>
                <div>
                  {sale.rarity ? <RarityBadge rarity={sale.rarity} /> : null}
                  <span>
                    {sale.category} ·{" "}
                    <time dateTime={sale.soldAt.toISOString()}>
                      {formatRelativeTime(sale.soldAt, now)}
                    </time>
                  </span>
                </div>
              </div>
              <p>{formatCents(sale.salePriceCents)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
