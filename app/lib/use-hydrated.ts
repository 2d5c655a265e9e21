import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * Whether React has hydrated this page in the browser: false on the server and during
 * hydration (so the first client render matches the HTML), true from the render after. A
 * control that only JavaScript can run (a dialog trigger, a carousel arrow) is disabled until
 * then, so it never looks pressable while it does nothing. Parts drawn only in the browser
 * (charts measure the DOM; their code loads after the page's) wait for it too.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
