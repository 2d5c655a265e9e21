import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "../cards.$id.your-slabs";
import { deferred } from "~/lib/deferred";

// Only a signed-in owner of a slab of the card sees the list: visitors' cached pages carry
// neither its code nor its module preloads (its buttons and their dialogs).
const YourSlabsList = deferred(() => import("./your-slabs-list").then((m) => m.YourSlabsList));

/**
 * The signed-in viewer's vaulted slabs of a card with "Sell now for $X" and the house's buyback
 * (`YourSlabsList`), loaded after the page with a fetcher from /cards/{id}/your-slabs, so the
 * card page stays one cached page for everyone; a visitor, or an owner of no slab, sees
 * nothing (and loads none of the list's code). A sale comes back to the card's page, which
 * reloads this list.
 */
export function YourSlabs({ cardId }: { cardId: number }) {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/cards/${cardId}/your-slabs`);
  }, [load, cardId]);
  const slabs = fetcher.data?.slabs ?? [];
  if (slabs.length === 0) return null;
  return (
    <YourSlabsList
      catalogueCardId={cardId}
      slabs={slabs}
      redirectTo={`/cards/${cardId}`}
      className="mt-6"
    />
  );
}
