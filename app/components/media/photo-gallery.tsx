import { ChevronLeft, ChevronRight, X, ZoomIn } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { PhotoPicture } from "./photo-picture";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Photo } from "~/lib/domain/media";

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
 * button opening the full-size photo in a Radix dialog (focus trapped, Escape closes) with
 * Previous / Next buttons and the arrow keys. Without photos, `fallback`.
 */
export function PhotoGallery({ photos, altOf, fallback, className }: Props) {
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState(false);
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
        <Dialog.Root open={zoomed} onOpenChange={setZoomed}>
          <Dialog.Trigger asChild>
            <Button size="sm" variant="outline" className="absolute right-2 bottom-2">
              <ZoomIn className="size-4" aria-hidden="true" />
              Zoom
              <span className="sr-only"> {altOf(shown)}</span>
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
            <Dialog.Content
              className="fixed inset-2 z-50 flex flex-col gap-2 sm:inset-6"
              onKeyDown={(event) => {
                if (event.key === "ArrowRight") step(1);
                if (event.key === "ArrowLeft") step(-1);
              }}
            >
              <div className="flex items-center justify-between gap-2 text-white">
                <Dialog.Title className="min-w-0 truncate text-sm font-medium">
                  {altOf(shown)} ({shown + 1} of {photos.length})
                </Dialog.Title>
                <Dialog.Description className="sr-only">
                  Use the arrow keys or the Previous and Next buttons to see the other photos.
                </Dialog.Description>
                <Dialog.Close asChild>
                  <Button size="icon" variant="outline" aria-label="Close">
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              </div>
              <div className="min-h-0 flex-1">
                <PhotoPicture
                  photo={photo}
                  alt={altOf(shown)}
                  sizes="100vw"
                  className="object-contain"
                />
              </div>
              {photos.length > 1 ? (
                <div className="flex justify-center gap-2">
                  <Button variant="outline" onClick={() => step(-1)}>
                    <ChevronLeft className="size-4" aria-hidden="true" />
                    Previous
                  </Button>
                  <Button variant="outline" onClick={() => step(1)}>
                    Next
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
