import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true in the browser after that: for parts drawn
 * only in the browser (charts measure the DOM; their code loads after the page's).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
