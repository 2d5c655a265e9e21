import type { Route } from "./+types/media";
import { mediaStorage } from "~/.server/storage/storage";
import { PHOTO_FILE } from "~/lib/domain/media";

const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * `/media/<key>-<width>.<format>`: one stored photo file (docs/decisions/025-photo-uploads.md).
 * Its name is its content's hash, so it is cached for a year, immutable; an unknown name is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = PHOTO_FILE.exec(params.file);
  const bytes = match ? await mediaStorage(context.env).get(params.file) : null;
  if (!match || !bytes) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(bytes, {
    headers: {
      "Content-Type": TYPES[match[3] as keyof typeof TYPES],
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
