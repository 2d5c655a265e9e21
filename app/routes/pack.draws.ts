import type { Route } from "./+types/pack.draws";
import { parsePackId } from "./+packs/pack-id";
import { drawLogChunks } from "~/.server/packs/draw-log";
import { publicCacheControl } from "~/.server/http/public-cache";
import { requestCtx } from "~/.server/request-context";

const CONTENT_TYPE = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8; header=present",
} as const;

/** Chunks of text as a byte stream; cancelling it stops the reads. */
function streamOf(chunks: AsyncIterable<string>, onError: (error: unknown) => void) {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * `/pack/{id}/draws.json` and `/pack/{id}/draws.csv`: the pack's public draw log (app/lib/draw-log.ts,
 * docs/decisions/016-odds-commitment.md), streamed, for any pack that exists (retired ones
 * too), public and cacheable like the public pages. An unknown pack is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const format = new URL(request.url).pathname.endsWith(".csv") ? "csv" : "json";
  const packId = parsePackId(params.id);
  const chunks =
    packId === null
      ? null
      : await drawLogChunks(requestCtx(context, null), {
          packId,
          format,
          tagKey: context.drawLogTagKey,
        });
  if (!chunks) {
    return new Response("Pack not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const body = streamOf(chunks, (error) =>
    context.log.error({ err: error, packId }, "draw log stream failed"),
  );
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPE[format],
      "Content-Disposition": `attachment; filename="pack-${packId}-draws.${format}"`,
      "Cache-Control": publicCacheControl(),
    },
  });
}
