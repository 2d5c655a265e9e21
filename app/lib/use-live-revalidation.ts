import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { listenShared } from "~/lib/shared-event-source";

/** The signed-in user's inbox signals (routes/notifications.live.ts): `event: inbox`. */
export const INBOX_LIVE_URL = "/notifications/live";

/**
 * While `url` is set, listens to its stream (one per browser, shared by its tabs:
 * app/lib/shared-event-source.ts) and reloads the page's data whenever one of the events
 * `names` arrives. A signal that arrives while a form or a page load is under way waits until
 * it is done: reloading then would cancel that load, and with it the flash toast the form's
 * answer carries. Signals that arrive together cause one reload.
 */
export function useLiveRevalidation(url: string | null, names: readonly string[]): void {
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const busyFetchers = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = navigation.state !== "idle" || revalidation !== "idle" || busyFetchers;
  const [signalled, setSignalled] = useState(0);
  const handled = useRef(0);
  const events = names.join(" ");

  useEffect(() => {
    if (!url) return;
    return listenShared(url, events.split(" "), () => setSignalled((count) => count + 1));
  }, [url, events]);

  useEffect(() => {
    if (busy || signalled === handled.current) return;
    handled.current = signalled;
    void revalidate();
  }, [busy, signalled, revalidate]);
}

/**
 * While `enabled` (signed in), reloads the page's data (the bell's count, the /notifications
 * list) whenever a notification is written or read.
 */
export function useInboxLive(enabled: boolean): void {
  useLiveRevalidation(enabled ? INBOX_LIVE_URL : null, ["inbox"]);
}
