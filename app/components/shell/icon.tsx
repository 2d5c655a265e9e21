import spriteUrl from "./icons.svg?no-inline";
import type { ShellIconName } from "./icon-names";

/**
 * A shell icon (24 x 24 Lucide outline in `currentColor`, sized by `className`) drawn from the
 * shell's sprite, served from /assets with a year's immutable caching. Decorative: hidden from
 * assistive technology, so the control it sits in needs its own name.
 */
export function Icon({ name, className }: { name: ShellIconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" width="24" height="24">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
