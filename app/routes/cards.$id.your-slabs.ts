import { data } from "react-router";
import type { Route } from "./+types/cards.$id.your-slabs";
import { parseProductId } from "./+shop/product-id";
import { sellNowOf } from "~/.server/auctions/sell-now";
import { requestCtx } from "~/.server/request-context";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `/cards/{id}/your-slabs`: the part of a card's page that is the viewer's own, loaded by the
 * page with a fetcher so the page itself stays one shared, cached page
 * (docs/decisions/014-page-cache-and-nonces.md): the signed-in viewer's vaulted slabs of the
 * card, each with the best standing bid it can fill and its active buyback offer
 * (docs/product/market.md "Standing bids"). A visitor gets `signedIn: false` and no slabs; an
 * id that is not a card's gets no slabs. Never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (!context.user) return data({ signedIn: false, slabs: [] }, { headers: PRIVATE });
  const ctx = requestCtx(context);
  const slabs = id === null ? [] : await sellNowOf(ctx, context.user.id, id);
  return data({ signedIn: true, slabs }, { headers: PRIVATE });
}
