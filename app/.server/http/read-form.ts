import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { MAX_BODY_BYTES, uploadBodyBytes } from "./request-limits";
import type { UploadLimits } from "./upload-limits";

/** Why a body could not be read as a form: the status and the text the client gets. */
export type BodyRefusal = { status: 400 | 411 | 413 | 415; message: string };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The form a POST carries, read safely (docs/product/accounts-and-security.md, "The HTTP
 * edge"): only `application/x-www-form-urlencoded` and `multipart/form-data` are forms (any
 * other type, or none, is 415 'Unsupported content type'); at most `maxBytes` are read,
 * whatever the headers said (413 'Request too large'); a body that does not parse as its type
 * (a broken multipart boundary) is 400 'Malformed form'. Files are not forms here: a
 * multipart part with a file name is refused the same way.
 */
export async function readForm(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ form: FormData } | { refused: BodyRefusal }> {
  const type = request.headers.get("content-type") ?? "";
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) {
    return { refused: { status: 415, message: "Unsupported content type" } };
  }
  const bytes = await readAtMost(request, maxBytes);
  if (bytes === null) return { refused: { status: 413, message: "Request too large" } };
  const malformed = { refused: { status: 400, message: "Malformed form" } } as const;
  try {
    if (mediaType === "application/x-www-form-urlencoded") {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      const form = new FormData();
      for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
      return { form };
    }
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    for (const value of form.values()) if (typeof value !== "string") return malformed;
    return { form };
  } catch {
    return malformed;
  }
}

/** The body's bytes, or null once more than `maxBytes` arrived (the rest is not read). */
async function readAtMost(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** One file of an upload form: the field it came in, its name as uploaded, its bytes. */
export type FormFile = { field: string; name: string; bytes: Uint8Array };

/**
 * A multipart form that may carry files, read as a stream with `@remix-run/form-data-parser`
 * (docs/decisions/025-photo-uploads.md), stopping at the path's limits: more than
 * `limits.maxFiles` files is 413 'At most N files can be uploaded at once'; a file over
 * `limits.maxFileBytes` is 413 'Each file must be at most N MB'; more than all files at their
 * limit plus 1 MB in all is 413 'Request too large'; a broken body is 400 'Malformed form'.
 * Fields come back as the form (strings only), files apart with their bytes.
 */
export async function readUploadForm(
  request: Request,
  limits: UploadLimits,
): Promise<{ form: FormData; files: FormFile[] } | { refused: BodyRefusal }> {
  const files: FormFile[] = [];
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: limits.maxFiles,
        maxFileSize: limits.maxFileBytes,
        maxTotalSize: uploadBodyBytes(limits),
        maxParts: limits.maxFiles + 100,
      },
      async (file) => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        // A file input left empty still sends a nameless, empty part.
        if (file.name === "" && bytes.byteLength === 0) return;
        files.push({ field: file.fieldName, name: file.name, bytes });
      },
    );
    return { form, files };
  } catch (error) {
    if (error instanceof MaxFilesExceededError) {
      const message = `At most ${limits.maxFiles} files can be uploaded at once`;
      return { refused: { status: 413, message } };
    }
    if (error instanceof MaxFileSizeExceededError) {
      const megabytes = Math.floor(limits.maxFileBytes / (1024 * 1024));
      return { refused: { status: 413, message: `Each file must be at most ${megabytes} MB` } };
    }
    if (error instanceof MaxTotalSizeExceededError) {
      return { refused: { status: 413, message: "Request too large" } };
    }
    // Too many parts, headers too long, a broken boundary.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
      return { refused: { status: 400, message: "Malformed form" } };
    }
    throw error;
  }
}
