import type { Route } from "./+types/live.sales";
import { eventStream } from "~/.server/http/event-stream";

/**
 * `GET /live/sales`: the live sales feed as Server-Sent Events (app/.server/sales-feed.ts;
 * sales are recorded as docs/product/market.md, "Settlement and fees" says). Each sale committed
 * on any instance arrives as `event: sale` with the sale as JSON (`SaleEvent`).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return eventStream(request, (send, close) =>
    context.salesFeed.subscribe({
      sale: (sale) => send("sale", JSON.stringify(sale)),
      closed: close,
    }),
  );
}
