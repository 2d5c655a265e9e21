import { useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const current = () => window.matchMedia(REDUCED_MOTION).matches;
const onServer = () => false;

/** Whether the user asks for reduced motion; live, and `false` during server rendering. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, onServer);
}
