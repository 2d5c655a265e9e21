import { MAX_BODY_BYTES } from "./request-limits";

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
