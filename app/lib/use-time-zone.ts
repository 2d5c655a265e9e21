import { useHydrated } from "./use-hydrated";
import { RENDER_TIME_ZONE } from "./time";

/**
 * The IANA zone to show times in: UTC on the server and in the browser's first render (so the
 * page hydrates without a mismatch), then the browser's own zone (`Intl` resolvedOptions) from
 * the render after hydration. The rule: docs/decisions/029-times-in-the-viewers-zone.md.
 */
export function useTimeZone(): string {
  const hydrated = useHydrated();
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : RENDER_TIME_ZONE;
}
