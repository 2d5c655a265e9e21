import type { Route } from "./+types/auctions.$id.live";
import { eventStream } from "~/.server/http/event-stream";

/**
 * `GET /auctions/:id/live`: auction `:id`'s changes as Server-Sent Events, over the live feed's
 * pub/sub (app/.server/sales-feed.ts): `event: auction` whenever a bid, a soft-close
 * extension or the close commits on any instance, so the auction page re-reads its price, end
 * and history (docs/product/market.md "Auctions"). Open to visitors, like the page; 404 for an
 * id that is not a positive integer.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1)
    return new Response("Auction not found", { status: 404 });
  return eventStream(request, (send, close) =>
    context.salesFeed.watch("auction", String(id), {
      changed: () => send("auction", "changed"),
      closed: close,
    }),
  );
}
