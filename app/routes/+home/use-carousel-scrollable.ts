import type { EmblaCarouselType } from "embla-carousel";
import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the carousel's slides do not all fit (more than one scroll snap), updated on Embla's
 * `reInit` and `resize`; false until Embla has loaded and on the server.
 */
export function useCarouselScrollable(embla: EmblaCarouselType | undefined): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      embla?.on("reInit", onChange).on("resize", onChange);
      return () => void embla?.off("reInit", onChange).off("resize", onChange);
    },
    [embla],
  );
  return useSyncExternalStore(
    subscribe,
    () => (embla?.scrollSnapList().length ?? 0) > 1,
    () => false,
  );
}
