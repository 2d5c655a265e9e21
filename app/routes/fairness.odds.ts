import type { Route } from "./+types/fairness.odds";
import { oddsTextOf } from "~/.server/packs/odds";
import { COMMITMENT_PATTERN } from "~/lib/odds-commitment";

/**
 * `/fairness/odds/{commitment}`: the canonical odds text an odds commitment stands for
 * (docs/decisions/016-odds-commitment.md), as plain text, whether or not a pack still uses
 * it. Its SHA-256 is the commitment, so it never changes: cached for a year. Anything else is
 * a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const commitment = params.commitment;
  const found = COMMITMENT_PATTERN.test(commitment)
    ? await oddsTextOf(context.db, commitment)
    : null;
  if (!found) {
    return new Response("Unknown odds commitment", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(found.canonicalText, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
