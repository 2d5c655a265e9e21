import { ImageOff, Package } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ListingCard } from "~/lib/domain/market";
import { slabOf } from "./market-card";
import { SlabImage } from "~/components/cards/slab-image";
import { PhotoPicture } from "~/components/media/photo-picture";
import { cn } from "~/lib/cn";

type Props = {
  listing: Pick<ListingCard, "title" | "category" | "imageUrl" | "card" | "photos">;
  /** Eager for the image a page opens with; lazy in grids. */
  loading?: "eager" | "lazy";
  className?: string;
};

/**
 * A listing's picture in a 3:4 frame (spec "Marketplace": image or placeholder): its first
 * uploaded photo (the front), else an older listing's https image link (sent without a
 * referrer; the title as alt text), or the linked card's graded
 * slab, or a placeholder with the category. An image that fails to load (gone, blocked)
 * falls back to the slab or the placeholder, also when it failed before hydration.
 */
export function ListingImage({ listing, loading = "lazy", className }: Props) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  const frame = cn(
    "bg-surface-2 relative flex aspect-[3/4] w-full items-center justify-center overflow-hidden",
    className,
  );
  const [front] = listing.photos;
  if (front) {
    return (
      <div className={frame}>
        <PhotoPicture
          photo={front}
          alt={listing.title}
          sizes="(min-width: 1024px) 20rem, (min-width: 640px) 33vw, 100vw"
          loading={loading}
        />
      </div>
    );
  }
  if (listing.imageUrl && !failed) {
    return (
      <div className={frame}>
        <img
          ref={image}
          src={listing.imageUrl}
          alt={listing.title}
          referrerPolicy="no-referrer"
          loading={loading}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      </div>
    );
  }
  if (listing.card) {
    return (
      <div className={cn(frame, "p-[8%]")}>
        <SlabImage card={slabOf(listing.card)} loading={loading} className="h-full w-auto" />
      </div>
    );
  }
  const Icon = failed ? ImageOff : Package;
  return (
    <div className={cn(frame, "text-muted-foreground flex-col gap-2")}>
      <Icon className="size-10" aria-hidden="true" />
      <span className="px-2 text-center text-xs font-medium">{listing.category}</span>
      <span className="sr-only">No image for {listing.title}</span>
    </div>
  );
}
