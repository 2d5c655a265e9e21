import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import {
  PACK_ART_HEIGHT,
  PACK_ART_WIDTH,
  packAltText,
  packImageSrc,
  type PackArt,
} from "~/lib/art/pack-art";

type Props = Omit<ComponentProps<"img">, "src" | "alt" | "width" | "height"> & {
  pack: PackArt & { imageUrl: string | null };
  /** Overrides the alt text (e.g. "" where a caption already names the pack). */
  alt?: string;
};

/**
 * A pack's picture: `pack.imageUrl` when an admin set one, else its generated foil wrapper
 * (`/art/pack.svg`). The alt text names the pack. Width and height reserve the space before the
 * image loads; size it with a width class (the 5:8 aspect ratio is kept). Lazy by default.
 */
export function PackImage({ pack, alt, className, ...props }: Props) {
  return (
    <img
      src={packImageSrc(pack)}
      alt={alt ?? packAltText(pack)}
      width={PACK_ART_WIDTH}
      height={PACK_ART_HEIGHT}
      loading="lazy"
      decoding="async"
      draggable={false}
      className={cn("aspect-[5/8] h-auto object-contain select-none", className)}
      {...props}
    />
  );
}
