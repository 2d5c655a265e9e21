import { useId } from "react";
import { Input } from "~/components/ui/input";
import { MAX_PHOTOS, photoLabel } from "~/lib/domain/media";

/** What the file pickers offer; the server decides by content (docs/product/market.md "Photos"). */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The photo pickers of a form, all posted as `photos` in this order: one picker each for the
 * places still free among Front and Back, then one for the rest (up to MAX_PHOTOS in all).
 * `existing` is how many photos the listing, product or pack already has (0 for a new
 * listing), so the Front and Back come first (docs/product/market.md "Photos"). Works without
 * JavaScript (a plain multipart form).
 */
export function PhotoFields({
  existing = 0,
  legend = "Photos (optional)",
}: {
  existing?: number;
  legend?: string;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  const single = [0, 1].filter((position) => position >= existing);
  const more = MAX_PHOTOS - Math.max(existing, 2);
  const slots = [
    ...single.map((position) => ({ label: photoLabel(position), multiple: false })),
    { label: `More photos (up to ${more})`, multiple: true },
  ];
  return (
    <fieldset className="space-y-3" aria-describedby={hint}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hint} className="text-muted-foreground text-xs">
        JPEG, PNG, WebP or AVIF, at most 10 MB each. For a graded slab, photograph the front and the
        back. Location and camera data are removed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {slots.map((slot, i) => (
          <div
            key={slot.label}
            className={slot.multiple ? "space-y-1.5 sm:col-span-2" : "space-y-1.5"}
          >
            <label htmlFor={`${id}-${i}`} className="block text-sm">
              {slot.label}
            </label>
            <Input
              id={`${id}-${i}`}
              type="file"
              name="photos"
              accept={ACCEPT}
              multiple={slot.multiple}
              className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-transparent file:text-sm file:font-medium"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
