import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { listenShared } from "~/lib/shared-event-source";

/** The signed-in user's inbox signals (routes/notifications.live.ts): `event: inbox`. */
export const INBOX_LIVE_URL = "/notifications/live";

/**
 * While `enabled` (signed in), listens to the inbox stream (one per browser, shared by its
 * tabs: app/lib/shared-event-source.ts) and reloads the page's data (the
 * bell's count, the /notifications list) whenever a notification is written or read. A signal
 * that arrives while a form or a page load is under way waits until it is done: reloading then
 * would cancel that load, and with it the flash toast the form's answer carries.
 */
export function useInboxLive(enabled: boolean): void {
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const busyFetchers = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = navigation.state !== "idle" || revalidation !== "idle" || busyFetchers;
  const [signalled, setSignalled] = useState(0);
  const handled = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    return listenShared(INBOX_LIVE_URL, ["inbox"], () => setSignalled((count) => count + 1));
  }, [enabled]);

  useEffect(() => {
    if (busy || signalled === handled.current) return;
    handled.current = signalled;
    void revalidate();
  }, [busy, signalled, revalidate]);
}
