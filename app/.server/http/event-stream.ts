import { liveStreams } from "../metrics";

/** Browsers reconnect this long after a dropped stream (EventSource `retry`). */
const RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Sends one Server-Sent Event: its name and its data (one line). */
export type SendEvent = (event: string, data: string) => void;

/**
 * A Server-Sent Events response (`text/event-stream`, unbuffered by proxies) for `request`:
 * opens with `retry` so EventSource reconnects after 2 s, keeps the line alive with a comment
 * every 25 s, and ends when the browser leaves, the server stops, or the source calls `close`.
 * `subscribe` starts the source with `send` and `close` and returns how to stop it; it runs
 * once and is stopped once. The stream holds no database connection.
 */
export function eventStream(
  request: Request,
  subscribe: (send: SendEvent, close: () => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  const clients = { path: new URL(request.url).pathname };
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      liveStreams.inc(clients);
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      const stop = subscribe(
        (event, data) => write(`event: ${event}\ndata: ${data}\n\n`),
        () => cleanup(),
      );
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        liveStreams.dec(clients);
        clearInterval(heartbeat);
        stop();
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
