import { useCarousel } from "~/lib/use-carousel";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { useCallback, useEffect, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import type { ProductSummary } from "~/lib/domain/catalog";
import { FeaturedSlide } from "./featured-slide";

/** docs/product/catalogue.md: the shop banner advances every 6 s. */
export const BANNER_INTERVAL_MS = 6_000;

/** The round previous/next/pause buttons (`.banner-control` in app.css). */
/** One of the banner's round controls (previous, next, pause/play): an icon button named `label`. */
function BannerControl({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: IconName;
  onClick: () => void;
}) {
  return (
    <button type="button" className="banner-control" aria-label={label} onClick={onClick}>
      <Icon name={icon} className="size-4" />
    </button>
  );
}

/**
 * The shop's rotating hero banner (docs/product/catalogue.md): one slide per featured
 * product, each a link to /product/{id}; advances every 6 s, with dots, previous/next and a
 * pause button. Rotation pauses while hovered or focused and never runs under
 * prefers-reduced-motion. Slides out of view are inert; before JavaScript the first one shows.
 */
export function FeaturedBanner({ products }: { products: ProductSummary[] }) {
  const [viewportRef, api] = useCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !userPaused && !hovered && !focused && !reducedMotion && products.length > 1;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on("select", onSelect).on("reInit", onSelect);
    return () => void api.off("select", onSelect).off("reInit", onSelect);
  }, [api]);

  // Restarts on every selection, so a manual move gets a full interval too.
  useEffect(() => {
    if (!api || !rotating) return;
    const timer = window.setTimeout(() => api.scrollNext(), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [api, rotating, selected]);

  const go = useCallback(
    (index: number) => api?.scrollTo(index, reducedMotion),
    [api, reducedMotion],
  );
  const count = products.length;
  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collectibles"
      className="bg-surface relative overflow-hidden rounded-2xl border"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex" aria-live={rotating ? "off" : "polite"}>
          {products.map((product, i) => (
            <FeaturedSlide
              key={product.id}
              product={product}
              index={i}
              count={count}
              shown={i === selected}
            />
          ))}
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 px-3">
        <BannerControl
          label="Previous slide"
          icon="chevron-left"
          onClick={() => api?.scrollPrev(reducedMotion)}
        />
        <div className="banner-dots">
          {products.map((product, i) => (
            <button
              key={product.id}
              type="button"
              aria-label={`Show slide ${i + 1}: ${product.name}`}
              aria-current={i === selected ? "true" : undefined}
              onClick={() => go(i)}
            >
              <span />
            </button>
          ))}
        </div>
        <BannerControl
          label="Next slide"
          icon="chevron-right"
          onClick={() => api?.scrollNext(reducedMotion)}
        />
        {reducedMotion ? null : (
          <BannerControl
            label={userPaused ? "Start slide rotation" : "Pause slide rotation"}
            icon={userPaused ? "play" : "pause"}
            onClick={() => setUserPaused((p) => !p)}
          />
        )}
      </div>
    </section>
  );
}
