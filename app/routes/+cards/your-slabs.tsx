import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "../cards.$id.your-slabs";
import { SellNowButton } from "~/components/market/sell-now-button";
import { AcceptBuybackButton } from "~/components/vault/accept-buyback-button";

/**
 * The signed-in viewer's vaulted slabs of a card, each with "Sell now for $X" (the best standing
 * bid it matches) and the house's buyback while its offer is active (docs/product/market.md
 * "Standing bids"). Loaded after the page with a fetcher from /cards/{id}/your-slabs, so the card
 * page stays one cached page for everyone; a visitor, or an owner of no slab, sees nothing.
 * A sale comes back to the card's page, which reloads this list.
 */
export function YourSlabs({ cardId }: { cardId: number }) {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/cards/${cardId}/your-slabs`);
  }, [load, cardId]);
  const slabs = fetcher.data?.slabs ?? [];
  if (slabs.length === 0) return null;
  const back = `/cards/${cardId}`;
  return (
    <section aria-labelledby="your-slabs-heading" className="space-y-3">
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
                  catalogueCardId={cardId}
                  bid={slab.bid}
                  userCardId={slab.userCardId}
                  redirectTo={back}
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
                  redirectTo={back}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
