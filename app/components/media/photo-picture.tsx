import { photoSrc, photoSrcSet, photoWidths, type Photo } from "~/lib/domain/media";
import { cn } from "~/lib/cn";

type Props = {
  photo: Photo;
  alt: string;
  /** The `sizes` attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  loading?: "eager" | "lazy";
  className?: string;
};

/**
 * An uploaded photo as a `<picture>`: AVIF, then WebP, each with every stored width in its
 * `srcset` so the browser fetches the smallest that fills `sizes` (docs/decisions/025).
 */
export function PhotoPicture({ photo, alt, sizes, loading = "lazy", className }: Props) {
  const widths = photoWidths(photo.width);
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={photoSrc(photo.key, widths[widths.length - 1]!, "webp")}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={loading}
        decoding="async"
        className={cn("size-full object-cover", className)}
      />
    </picture>
  );
}
