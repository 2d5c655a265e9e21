import { MAX_PHOTOS, MAX_PHOTO_BYTES } from "~/lib/domain/media";

/** How much a form that carries files may send (docs/decisions/025-photo-uploads.md). */
export type UploadLimits = {
  /** Files in one request. */
  maxFiles: number;
  /** Bytes in one file. */
  maxFileBytes: number;
};

/** Photos: up to MAX_PHOTOS files of MAX_PHOTO_BYTES each. */
export const PHOTO_UPLOADS: UploadLimits = { maxFiles: MAX_PHOTOS, maxFileBytes: MAX_PHOTO_BYTES };

/**
 * The only paths whose forms may carry files, with their limits: creating a listing and adding
 * photos to one (/marketplace, /marketplace/:id), and the admin's product and pack photos
 * (/admin). Every other path keeps the 1 MB limit and refuses file parts.
 */
const UPLOAD_PATHS: [RegExp, UploadLimits][] = [
  [/^\/marketplace(\/\d+)?\/?$/, PHOTO_UPLOADS],
  [/^\/admin\/?$/, PHOTO_UPLOADS],
];

/** The upload limits of `pathname`, or null for a path whose forms take no files. */
export function uploadLimitsFor(pathname: string): UploadLimits | null {
  return UPLOAD_PATHS.find(([path]) => path.test(pathname))?.[1] ?? null;
}

/** Whether a Content-Type header names a multipart form. */
export function isMultipart(contentType: string | null | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}
