import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { PhotoPicture } from "./photo-picture";
import { Button } from "~/components/ui/button";
import type { Photo } from "~/lib/domain/media";

export type PhotoZoomProps = {
  photos: Photo[];
  /** The index of the photo shown. */
  shown: number;
  /** The alt text of photo `i`. */
  altOf: (i: number) => string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves the shown photo by `by` (wrapping). */
  step: (by: number) => void;
  /** The gallery's 'Zoom' button: focus goes back to it when the dialog closes. */
  zoomRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The gallery's zoom (docs/product/market.md "Photos"): the full-size photo in a Radix dialog
 * (focus trapped, Escape closes) with Previous / Next buttons and the arrow keys. Loaded by
 * ./photo-gallery.tsx on the first 'Zoom' (docs/decisions/023-page-weight.md).
 */
export default function PhotoZoom({
  photos,
  shown,
  altOf,
  open,
  onOpenChange,
  step,
  zoomRef,
}: PhotoZoomProps) {
  const photo = photos[shown] ?? photos[0];
  if (!photo) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-2 z-50 flex flex-col gap-2 sm:inset-6"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            zoomRef.current?.focus();
          }}
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
  );
}
