import { Icon } from "~/components/ui/icon";
import { Suspense, lazy, useRef, useState, type ReactNode } from "react";
import { PhotoPicture } from "./photo-picture";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Photo } from "~/lib/domain/media";

const PhotoZoom = lazy(() => import("./photo-zoom"));

type Props = {
  photos: Photo[];
  /** The alt text of photo `i` ('Front of Charizard PSA 9'). */
  altOf: (i: number) => string;
  /** What shows when there are no photos (the generated art). */
  fallback: ReactNode;
  className?: string;
};

/**
 * Photos with zoom (docs/product/market.md "Photos"): the chosen photo large, a row of
 * thumbnail buttons to choose another (`aria-pressed` marks the shown one), and a 'Zoom'
 * button opening the full-size photo in a dialog (./photo-zoom.tsx, loaded on the first zoom so
 * Radix Dialog stays off the page's first load) with Previous / Next buttons and the arrow
 * keys. Without photos, `fallback`.
 */
export function PhotoGallery({ photos, altOf, fallback, className }: Props) {
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [zoomLoaded, setZoomLoaded] = useState(false);
  const zoomRef = useRef<HTMLButtonElement>(null);
  const photo = photos[shown] ?? photos[0];
  if (!photo) return <>{fallback}</>;
  const step = (by: number) => setShown((i) => (i + by + photos.length) % photos.length);
  return (
    <div className={cn("space-y-3", className)}>
      <div className="bg-surface-2 relative aspect-[3/4] overflow-hidden rounded-2xl border">
        <PhotoPicture
          photo={photo}
          alt={altOf(shown)}
          sizes="(min-width: 768px) 22rem, 100vw"
          loading="eager"
          className="object-contain"
        />
        <Button
          ref={zoomRef}
          size="sm"
          variant="outline"
          className="absolute right-2 bottom-2"
          aria-haspopup="dialog"
          aria-expanded={zoomed}
          onClick={() => {
            setZoomLoaded(true);
            setZoomed(true);
          }}
        >
          <Icon name="zoom-in" className="size-4" />
          Zoom
          <span className="sr-only"> {altOf(shown)}</span>
        </Button>
        {zoomLoaded ? (
          <Suspense fallback={null}>
            <PhotoZoom
              photos={photos}
              shown={shown}
              altOf={altOf}
              open={zoomed}
              onOpenChange={setZoomed}
              step={step}
              zoomRef={zoomRef}
            />
          </Suspense>
        ) : null}
      </div>
      {photos.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {photos.map((thumb, i) => (
            <li key={thumb.id}>
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={`Show ${altOf(i)}`}
                onClick={() => setShown(i)}
                className={cn(
                  "bg-surface-2 block size-16 overflow-hidden rounded-lg border-2",
                  i === shown ? "border-accent" : "border-transparent",
                )}
              >
                <PhotoPicture photo={thumb} alt="" sizes="4rem" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
