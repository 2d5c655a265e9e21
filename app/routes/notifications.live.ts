import type { Route } from "./+types/notifications.live";

/** Browsers reconnect this long after a dropped stream (EventSource `retry`). */
const RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /notifications/live`: the signed-in user's inbox signals as Server-Sent Events, over the
 * live feed's pub/sub (app/.server/activity/sales-feed.ts): `event: inbox` whenever one of
 * their notifications is written or read on any instance, so the bell reloads its count. 401
 * for a visitor. Holds no database connection.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) return new Response("Please sign in", { status: 401 });
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
      const unwatch = context.salesFeed.watchInbox(user.id, {
        changed: () => send("event: inbox\ndata: changed\n\n"),
        closed: () => cleanup(),
      });
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        clearInterval(heartbeat);
        unwatch();
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
