import type { Route } from "./+types/cards.$id.history";
import { parseProductId } from "./+shop/product-id";
import { requestCtx } from "~/.server/request-context";
import { loadPriceHistory } from "~/.server/value/price-history";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/**
 * Visitors get it from the page cache with the card's page and under the same tags, so the
 * chart and the page it is drawn on change together (a sale, an import, an exclusion, a
 * recompute).
 */
export const handle = livePageHandle(({ id }) => [pageTags.card(id), pageTags.listings]);

/**
 * `/cards/{id}/history`: the card's price history as chart points per grade
 * (`loadPriceHistory`), fetched by the card's page with its chart, which is drawn only in the
 * browser (docs/decisions/052-chart-points-with-the-chart.md, which amends 051), with the card's id (a page reused for
 * another card tells its points apart). An id that is not a card's has no history.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  return {
    cardId: id,
    history: id === null ? [] : await loadPriceHistory(requestCtx(context), id),
  };
}
