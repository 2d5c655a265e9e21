import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "../cards.$id.history";
import type { GradeHistory } from "~/lib/value/card-value";

/**
 * The card's chart points, fetched from /cards/{id}/history once the page is in the browser
 * (the chart is drawn only there; the page's HTML and data carry none of them) and again after
 * an action on the page; null until this card's arrive, and never fetched for a card with no
 * sales.
 */
export function usePriceHistory(cardId: number, hasSales: boolean): GradeHistory[] | null {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    if (hasSales) void load(`/cards/${cardId}/history`);
  }, [load, cardId, hasSales]);
  return fetcher.data?.cardId === cardId ? fetcher.data.history : null;
}
