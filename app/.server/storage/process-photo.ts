import { createHash } from "node:crypto";
import sharp from "sharp";
import { DomainError } from "../errors";
import {
  MAX_PHOTO_BYTES,
  PHOTO_FORMATS,
  photoWidths,
  type PhotoFormat,
  type PhotoWidth,
} from "~/lib/domain/media";

/** The largest side an upload may have, in pixels. */
export const MAX_PHOTO_SIDE = 8000;
/** The most pixels sharp will decode from one upload (a decompression bomb stops here). */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** What sharp's `format` may be for an accepted upload (AVIF reads as heif with av1). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);

/** An upload re-encoded: its content key, rotated size and one file per width and format. */
export type ProcessedPhoto = {
  key: string;
  width: number;
  height: number;
  files: { width: PhotoWidth; format: PhotoFormat; bytes: Buffer }[];
};

const refuse = (name: string, why: string) =>
  new DomainError("invalid_photo", `${name} ${why}`, 400);

/**
 * Checks one uploaded file by its content and re-encodes it (docs/product/market.md "Photos"):
 * the bytes must be a JPEG, PNG, WebP or AVIF image (whatever its name or declared type says),
 * at most MAX_PHOTO_BYTES, at most MAX_PHOTO_SIDE pixels a side and MAX_PHOTO_PIXELS in all.
 * The result is turned upright by its EXIF orientation and keeps no metadata at all (no EXIF,
 * GPS, ICC comments or XMP): every stored width of PHOTO_WIDTHS (none wider than the original)
 * in AVIF and WebP. Nothing is stored here.
 * @param name the file's name as uploaded, only for the message.
 * @throws DomainError `invalid_photo` (400) naming the file and the problem.
 */
export async function processPhoto(name: string, bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.byteLength === 0) throw refuse(name, "is empty.");
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(name, "is larger than 10 MB.");
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" } as const;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw tooManyPixels(error) ? tooLarge(name) : notAnImage(name);
  }
  const avifOrOther = meta.format !== "heif" || meta.compression === "av1";
  if (!ACCEPTED.has(meta.format ?? "") || !avifOrOther) throw notAnImage(name);
  if (!meta.width || !meta.height) throw notAnImage(name);
  if (meta.width > MAX_PHOTO_SIDE || meta.height > MAX_PHOTO_SIDE) throw tooLarge(name);

  const { width, height } = meta.autoOrient;
  const upright = sharp(bytes, options).rotate();
  try {
    // Encoding decodes the whole image (failOn: a valid header on a script is not an image).
    const files: ProcessedPhoto["files"] = [];
    for (const stored of photoWidths(width)) {
      const resized = upright.clone().resize({ width: stored, withoutEnlargement: true });
      for (const format of PHOTO_FORMATS) {
        const encoded =
          format === "avif"
            ? resized.clone().avif({ quality: 55, effort: 2 })
            : resized.clone().webp({ quality: 80 });
        files.push({ width: stored, format, bytes: await encoded.toBuffer() });
      }
    }
    const key = createHash("sha256").update(bytes).digest("hex");
    return { key, width, height, files };
  } catch (error) {
    throw tooManyPixels(error) ? tooLarge(name) : notAnImage(name);
  }
}

const tooManyPixels = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);
const notAnImage = (name: string) =>
  refuse(name, "is not a JPEG, PNG, WebP or AVIF image (GIF and SVG are not accepted).");
const tooLarge = (name: string) =>
  refuse(name, `is too large: at most ${MAX_PHOTO_SIDE} x ${MAX_PHOTO_SIDE} pixels.`);
