import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** The signed-in user's inbox signals (routes/notifications.live.ts): `event: inbox`. */
export const INBOX_LIVE_URL = "/notifications/live";

/**
 * While `enabled` (signed in), listens to the inbox stream and reloads the page's data (the
 * bell's count, the /notifications list) whenever a notification is written or read.
 */
export function useInboxLive(enabled: boolean): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(INBOX_LIVE_URL);
    const onInbox = () => void revalidate();
    source.addEventListener("inbox", onInbox);
    return () => {
      source.removeEventListener("inbox", onInbox);
      source.close();
    };
  }, [enabled, revalidate]);
}
