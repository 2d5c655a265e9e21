import spriteUrl from "./icons.svg?no-inline";
import type { IconName } from "./icon-names";

/**
 * An icon (24 x 24 Lucide outline in `currentColor`, sized by `className`; a `fill-*` class
 * fills it) drawn from the icon sprite, served from /assets with a year's immutable caching, so
 * the page's HTML carries a short `<use>` instead of the drawing
 * (docs/decisions/023-page-weight.md). Decorative: hidden from assistive technology, so the
 * control it sits in needs its own name. Its default size (24 px) and `fill: none` come from
 * app.css (`:where(svg:has(> use))`, which any class overrides), not from attributes repeated
 * on each of a page's icons.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
