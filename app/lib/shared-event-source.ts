/** How long after a stream the browser gave up on (an error answer) a new one is opened. */
export const REOPEN_MS = 10_000;

/** One event of a shared stream: its `event:` name and its `data:` text. */
export type SharedStreamEvent = { name: string; data: string };

/**
 * Listens to the Server-Sent Events stream at `url` (events named `names`) with one connection
 * per browser, not one per tab: browsers give a site six HTTP/1.1 connections, and a stream
 * held by every tab would leave none for pages and forms from the sixth tab on
 * (docs/decisions/039-one-live-connection-per-browser.md). The tabs elect a leader with the
 * Web Locks API (the lock named after `url`); the leader holds the EventSource and relays each
 * event to the other tabs over a BroadcastChannel of the same name; when it closes or
 * navigates away its lock is released and a waiting tab takes over. Where either API is
 * missing every tab opens its own stream. A stream the browser gave up on (an error answer)
 * is opened again after {@link REOPEN_MS}.
 * @returns a function that stops listening (and, in the leader, closes the stream).
 */
export function listenShared(
  url: string,
  names: readonly string[],
  onEvent: (event: SharedStreamEvent) => void,
): () => void {
  if (typeof EventSource === "undefined") return () => {};
  const shareable =
    typeof BroadcastChannel !== "undefined" &&
    typeof navigator !== "undefined" &&
    "locks" in navigator;
  if (!shareable) return holdStream(url, names, onEvent);

  const channel = new BroadcastChannel(`packvault:${url}`);
  channel.onmessage = (message: MessageEvent<SharedStreamEvent>) => onEvent(message.data);
  const abort = new AbortController();
  let release: (() => void) | null = null;
  navigator.locks
    .request(`packvault:${url}`, { signal: abort.signal }, () => {
      // The leader: one stream for every tab, until this tab stops listening.
      const close = holdStream(url, names, (event) => {
        onEvent(event);
        channel.postMessage(event);
      });
      return new Promise<void>((resolve) => {
        release = () => {
          close();
          resolve();
        };
      });
    })
    .catch(() => {
      // AbortError: this tab stopped listening while it waited to lead.
    });
  return () => {
    abort.abort();
    release?.();
    channel.close();
  };
}

/** One EventSource of this tab, reopened after {@link REOPEN_MS} when the browser gives up. */
function holdStream(
  url: string,
  names: readonly string[],
  onEvent: (event: SharedStreamEvent) => void,
): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const listeners = names.map((name) => ({
    name,
    listener: (event: MessageEvent<string>) => onEvent({ name, data: event.data }),
  }));
  const detach = () => {
    if (!source) return;
    for (const { name, listener } of listeners) source.removeEventListener(name, listener);
    source.onerror = null;
    source.close();
    source = null;
  };
  const open = () => {
    if (stopped) return;
    source = new EventSource(url);
    for (const { name, listener } of listeners) source.addEventListener(name, listener);
    source.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; open a new one later.
      if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
      detach();
      reopen = setTimeout(open, REOPEN_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(reopen);
    detach();
  };
}
