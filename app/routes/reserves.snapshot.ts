import type { Route } from "./+types/reserves.snapshot";
import { snapshotJson } from "./+reserves/snapshot-json.server";
import { publicCacheControl } from "~/.server/http/public-cache";
import { snapshotById } from "~/.server/reserves/snapshots";

/**
 * `/reserves/{id}.json`: a reserve snapshot's public data (docs/decisions/043-proof-of-reserves.md):
 * its root, time, leaf count and counts and FMV totals per custody state. Public and cacheable
 * (a snapshot never changes); an unknown id is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.snapshot) ? Number(params.snapshot) : null;
  const snapshot = id === null || id > 2_147_483_647 ? null : await snapshotById(context, id);
  if (!snapshot) {
    return new Response("Snapshot not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return Response.json(snapshotJson(snapshot), {
    headers: { "Cache-Control": publicCacheControl() },
  });
}
