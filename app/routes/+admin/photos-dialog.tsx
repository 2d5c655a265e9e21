import { Images } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { PhotoManager } from "~/components/media/photo-manager";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { MAX_PHOTOS, type Photo } from "~/lib/domain/media";

/** The photo of position `i` of a product or pack: Photo 1, Photo 2, ... */
const photoNumber = (i: number) => `Photo ${i + 1}`;

/**
 * 'Photos' on a product's or pack's row (docs/product/catalogue.md "Photos"): a dialog with its
 * photos in their order, each with Remove, and a form to add more (up to MAX_PHOTOS). The forms
 * post to this tab's URL, which the page comes back to.
 */
export function PhotosDialog({
  kind,
  id,
  name,
  photos,
}: {
  kind: "product" | "pack";
  id: number;
  name: string;
  photos: Photo[];
}) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-2xl"
      title={`Photos of ${name}`}
      description={`Up to ${MAX_PHOTOS} photos, shown on the ${kind} page in this order. Without photos the generated art shows.`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Photos of ${kind} ${name}`}>
          <Images className="size-4" aria-hidden="true" />
          Photos ({photos.length})
        </Button>
      }
    >
      <div className="mt-4">
        <PhotoManager
          photos={photos}
          action={`${location.pathname}${location.search}`}
          intents={{ add: `add-${kind}-photos`, remove: `remove-${kind}-photo` }}
          owner={kind === "product" ? { productId: id } : { packId: id }}
          labelOf={photoNumber}
          subject={name}
        />
      </div>
    </Dialog>
  );
}
