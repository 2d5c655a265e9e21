import { Trash2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { PhotoPicture } from "./photo-picture";
import { PhotoFields } from "~/components/market/photo-fields";
import { Button } from "~/components/ui/button";
import { MAX_PHOTOS, type Photo } from "~/lib/domain/media";
import { refusalMessage } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";

/** Hidden fields posted with every form of the manager: the owner's id (`listingId`, ...). */
type OwnerFields = Record<string, string | number>;

type Props = {
  photos: Photo[];
  /** Where the forms post (the listing's page, /admin). */
  action: string;
  /** The intents of adding photos (with the files as `photos`) and removing one (`photoId`). */
  intents: { add: string; remove: string };
  owner: OwnerFields;
  /** The name of photo `i` ('Front', 'Back', 'Photo 3'). */
  labelOf: (i: number) => string;
  /** What the photos are of, for the alt texts and the remove buttons ('Charizard PSA 9'). */
  subject: string;
};

function Hidden({ fields }: { fields: OwnerFields }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** One photo with its Remove button ('Removing...' while on its way). */
function PhotoTile({
  photo,
  label,
  subject,
  action,
  fields,
}: {
  photo: Photo;
  label: string;
  subject: string;
  action: string;
  fields: OwnerFields;
}) {
  const { fetcher, busy } = useFormFetcher();
  return (
    <li className="w-28 space-y-1.5">
      <div className="bg-surface-2 aspect-[3/4] overflow-hidden rounded-lg border">
        <PhotoPicture photo={photo} alt={`${label} of ${subject}`} sizes="7rem" />
      </div>
      <p className="text-sm font-medium">{label}</p>
      <fetcher.Form method="post" action={action}>
        <Hidden fields={{ ...fields, photoId: photo.id }} />
        <Button type="submit" size="sm" variant="outline" className="w-full" disabled={busy}>
          <Trash2 className="size-3.5" aria-hidden="true" />
          {busy ? "Removing..." : "Remove"}
          <span className="sr-only">
            {" "}
            {label} of {subject}
          </span>
        </Button>
      </fetcher.Form>
    </li>
  );
}

/**
 * The photos of a listing, product or pack with their Remove buttons, and a form to add more
 * (docs/product/market.md "Photos", docs/product/catalogue.md "Photos"): the free places among
 * Front and Back come first, up to MAX_PHOTOS in all; once full, a note says to remove one.
 * Both forms post to `action` without leaving the page; a refused upload shows its message
 * under the form (the toast keeps the title) and keeps the chosen files; a success empties the
 * pickers. Without JavaScript they are plain (multipart) posts.
 */
export function PhotoManager({ photos, action, intents, owner, labelOf, subject }: Props) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const { fetcher, busy } = useFormFetcher(
    () => {
      setError(null);
      setRound((n) => n + 1);
    },
    { onRefused: (reply) => setError(refusalMessage(reply)), inlineRefusal: true },
  );
  const full = photos.length >= MAX_PHOTOS;
  return (
    <div className="space-y-4">
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={`Photos of ${subject}`}>
          {photos.map((photo, i) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              label={labelOf(i)}
              subject={subject}
              action={action}
              fields={{ ...owner, intent: intents.remove }}
            />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No photos yet.</p>
      )}
      {full ? (
        <p className="text-muted-foreground text-sm">
          {`This has the most photos allowed (${MAX_PHOTOS}). Remove one to add another.`}
        </p>
      ) : (
        <fetcher.Form
          key={round}
          method="post"
          action={action}
          encType="multipart/form-data"
          className="space-y-3"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <Hidden fields={{ ...owner, intent: intents.add }} />
          <PhotoFields existing={photos.length} legend="Add photos" />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-danger text-sm">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="outline" disabled={busy}>
            <Upload className="size-4" aria-hidden="true" />
            {busy ? "Uploading..." : "Upload photos"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
