import type { SellNow } from "~/.server/auctions/sell-now";
import { SellNowButton } from "~/components/market/sell-now-button";
import { AcceptBuybackButton } from "~/components/vault/accept-buyback-button";

/**
 * "Your slabs of this card" (docs/product/market.md "Standing bids"): the viewer's vaulted slabs
 * of one catalogue card, each with "Sell now for $X" (the best bid it matches) or "No bid matches
 * this slab yet", and the house's buyback while its offer is active. Every sale comes back to
 * `redirectTo`. Nothing when there is no slab. The card's page and its bids page show it.
 */
export function YourSlabsList({
  catalogueCardId,
  slabs,
  redirectTo,
  className,
}: {
  catalogueCardId: number;
  slabs: readonly SellNow[];
  redirectTo: string;
  className?: string;
}) {
  if (slabs.length === 0) return null;
  return (
    <section aria-labelledby="your-slabs-heading" className={`space-y-3 ${className ?? ""}`}>
      <h2 id="your-slabs-heading" className="text-xl font-semibold">
        Your slabs of this card
      </h2>
      <ul className="divide-y rounded-xl border">
        {slabs.map((slab) => (
          <li
            key={slab.userCardId}
            className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
          >
            <span>
              {slab.cardName} · {slab.grader} {slab.grade}
            </span>
            <span className="flex flex-wrap gap-2">
              {slab.bid ? (
                <SellNowButton
                  size="sm"
                  catalogueCardId={catalogueCardId}
                  bid={slab.bid}
                  userCardId={slab.userCardId}
                  redirectTo={redirectTo}
                />
              ) : (
                <span className="text-muted-foreground">No bid matches this slab yet</span>
              )}
              {slab.buyback ? (
                <AcceptBuybackButton
                  size="sm"
                  variant="outline"
                  offer={slab.buyback}
                  cardName={slab.cardName}
                  label="PackVault buyback"
                  redirectTo={redirectTo}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
