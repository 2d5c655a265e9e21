import type { Route } from "./+types/live.sales";

/** Browsers reconnect this long after a dropped stream (EventSource `retry`). */
const RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /live/sales`: the live sales feed as Server-Sent Events (issue 7 section 3). Each sale
 * committed on any instance arrives as `event: sale` with the sale as JSON (`SaleEvent`). The
 * stream holds no database connection; it ends when the browser leaves or the server stops,
 * and EventSource reconnects by itself after `retry`.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      const unsubscribe = context.salesFeed.subscribe({
        sale: (sale) => send(`event: sale\ndata: ${JSON.stringify(sale)}\n\n`),
        closed: () => cleanup(),
      });
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the browser leaving.
        }
      };
      request.signal.addEventListener("abort", () => cleanup());
    },
    cancel: () => cleanup(),
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
