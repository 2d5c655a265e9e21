import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

/** Half a screen's height below the visible part of the page counts as on screen. */
const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: "0px 0px 50% 0px" };

/**
 * Embla carousel on the element given to the returned ref callback, like embla-carousel-react's
 * `useEmblaCarousel`, but Embla itself is loaded after hydration instead of with the page's
 * first JavaScript (docs/decisions/023-page-weight.md), and only once the viewport element is
 * less than half a screen below the visible part of the page
 * (docs/decisions/063-first-load-below-the-fold.md): a carousel further down costs its chunk,
 * its measuring and its animation frames when the visitor scrolls towards it, and what Embla
 * adds under it (the controls) appears before it is seen. Until then (and on the server) the
 * API is `undefined` and the slides sit as rendered. `options` are read once.
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
    const nearScreen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      nearScreen.disconnect();
      void import("embla-carousel").then(({ default: EmblaCarousel }) => {
        if (unmounted) return;
        carousel = EmblaCarousel(viewport, initialOptions.current);
        setApi(carousel);
      });
    }, NEAR_SCREEN);
    nearScreen.observe(viewport);
    return () => {
      unmounted = true;
      nearScreen.disconnect();
      carousel?.destroy();
    };
  }, [viewport]);
  return [setViewport, api];
}
