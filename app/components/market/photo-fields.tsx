import { useId } from "react";
import { Input } from "~/components/ui/input";
import { MAX_PHOTOS } from "~/lib/domain/media";

/** What the file pickers offer; the server decides by content (docs/product/market.md "Photos"). */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The listing form's photos, all posted as `photos` in this order: Front, Back (one file each),
 * then up to four more. Works without JavaScript (a plain multipart form).
 */
export function PhotoFields() {
  const id = useId();
  const hint = `${id}-hint`;
  const slots = [
    { label: "Front", multiple: false },
    { label: "Back", multiple: false },
    { label: `More photos (up to ${MAX_PHOTOS - 2})`, multiple: true },
  ];
  return (
    <fieldset className="space-y-3" aria-describedby={hint}>
      <legend className="text-sm font-medium">Photos (optional)</legend>
      <p id={hint} className="text-muted-foreground text-xs">
        JPEG, PNG, WebP or AVIF, at most 10 MB each. For a graded slab, photograph the front and the
        back. Location and camera data are removed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {slots.map((slot, i) => (
          <div key={slot.label} className={i === 2 ? "space-y-1.5 sm:col-span-2" : "space-y-1.5"}>
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
