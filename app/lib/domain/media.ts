/**
 * Photos: the words both sides share (docs/product/market.md "Photos",
 * docs/decisions/025-photo-uploads.md). A stored photo is known by its content key (the SHA-256
 * of what was uploaded, hex); each key has one file per width and format.
 */

/** The widths every photo is stored at (never wider than the original), in CSS pixels. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The formats every width is stored in; browsers pick the first they support. */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** At most this many photos per listing, product or pack. */
export const MAX_PHOTOS = 6;
/** At most this many bytes per uploaded file (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** What the page needs to show one photo. */
export type Photo = {
  id: number;
  /** The content key: 64 hex characters. */
  key: string;
  /** The original's size after rotation, in pixels (for the aspect ratio). */
  width: number;
  height: number;
};

/** A stored file's name: `<key>-<width>.<format>`. */
export const PHOTO_FILE = /^([0-9a-f]{64})-(\d{3,4})\.(avif|webp)$/;

/** The path a stored file is served from. */
export function photoSrc(key: string, width: PhotoWidth, format: PhotoFormat): string {
  return `/media/${key}-${width}.${format}`;
}

/** The widths a photo of `width` pixels has files for (a small original has fewer). */
export function photoWidths(width: number): PhotoWidth[] {
  const smaller = PHOTO_WIDTHS.filter((w) => w < width);
  const largest = PHOTO_WIDTHS.find((w) => w >= width);
  return largest ? [...smaller, largest] : smaller;
}

/** A `srcset` for one format: every stored width with its `w` descriptor. */
export function photoSrcSet(photo: Photo, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((w) => `${photoSrc(photo.key, w, format)} ${Math.min(w, photo.width)}w`)
    .join(", ");
}

/** How a listing's photo is named for screen readers and in the form: Front, Back, then numbers. */
export function photoLabel(position: number): string {
  if (position === 0) return "Front";
  if (position === 1) return "Back";
  return `Photo ${position + 1}`;
}
