import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import {
  SLAB_HEIGHT,
  SLAB_WIDTH,
  slabAltText,
  slabImageUrl,
  type SlabCard,
} from "~/lib/art/slab-card";

type Props = Omit<ComponentProps<"img">, "src" | "alt" | "width" | "height"> & { card: SlabCard };

/**
 * A graded card drawn as its slab (generated SVG), with alt text naming card, grade, grader
 * and cert. Width and height are set so the space is reserved before the image loads; size it
 * with a width class (the aspect ratio is kept).
 */
export function SlabImage({ card, className, ...props }: Props) {
  return (
    <img
      src={slabImageUrl(card)}
      alt={slabAltText(card)}
      width={SLAB_WIDTH}
      height={SLAB_HEIGHT}
      decoding="async"
      draggable={false}
      className={cn("h-auto select-none", className)}
      {...props}
    />
  );
}
