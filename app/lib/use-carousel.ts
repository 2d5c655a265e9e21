import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

/**
 * Embla carousel on the element given to the returned ref callback, like embla-carousel-react's
 * `useEmblaCarousel`, but Embla itself is loaded after hydration instead of with the page's
 * first JavaScript (docs/decisions/023-page-weight.md): until it has loaded (and on the server)
 * the API is `undefined` and the slides sit as rendered. `options` are read once.
 */
export function useCarousel(
  options: EmblaOptionsType,
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const initialOptions = useRef(options);
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let unmounted = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (unmounted) return;
      carousel = EmblaCarousel(viewport, initialOptions.current);
      setApi(carousel);
    });
    return () => {
      unmounted = true;
      carousel?.destroy();
    };
  }, [viewport]);
  return [setViewport, api];
}
