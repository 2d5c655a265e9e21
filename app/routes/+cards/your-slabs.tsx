import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "../cards.$id.your-slabs";
import { YourSlabsList } from "./your-slabs-list";

/**
 * The signed-in viewer's vaulted slabs of a card with "Sell now for $X" and the house's buyback
 * ({@link YourSlabsList}), loaded after the page with a fetcher from /cards/{id}/your-slabs, so
 * the card page stays one cached page for everyone; a visitor, or an owner of no slab, sees
 * nothing. A sale comes back to the card's page, which reloads this list.
 */
export function YourSlabs({ cardId }: { cardId: number }) {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/cards/${cardId}/your-slabs`);
  }, [load, cardId]);
  return (
    <YourSlabsList
      catalogueCardId={cardId}
      slabs={fetcher.data?.slabs ?? []}
      redirectTo={`/cards/${cardId}`}
      className="mt-6"
    />
  );
}
