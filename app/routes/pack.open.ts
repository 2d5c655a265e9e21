import type { Route } from "./+types/pack.open";
import { parsePackId } from "./+packs/pack-id";
import { DomainError } from "~/.server/errors";
import { intent, runAction, type Answer } from "~/.server/http/run-intent";
import { openPack } from "~/.server/packs/opening";
import { realityCheck } from "~/.server/play/reality-check";
import type { OpenPackAnswer, PullJson } from "~/components/packs/open-pack";
import type { RealityCheckJson } from "~/components/play/reality-check-dialog";
import { openPackSchema } from "~/lib/schemas/pack-opening";

type OpenedJson = { pull: PullJson; realityCheck: RealityCheckJson | null };

const answer = (body: OpenPackAnswer, status = 200) => Response.json(body, { status });

/** GET /pack/{id}/open: only POST opens a pack. */
export function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * POST /pack/{id}/open: opens one pack for the signed-in user (email verified) with
 * `openPack` and answers JSON `{ pull }` (the buyback's `expiresAt` as an ISO string). A refusal
 * answers its status with `{ error, code }` in the spec's words: a visitor 401 'Please log in to
 * open packs', an unverified email 403, an unknown id 404 'Pack not found', a bad key 400, a
 * sold-out pack 409 'Pack is out of stock', too little money 402 'Insufficient balance', a break,
 * a limit or a date of birth to confirm 403 (docs/decisions/010-responsible-play.md). With the
 * pull comes the reality check now due, if any.
 */
export const action = (args: Route.ActionArgs) =>
  runAction<OpenedJson>(
    args,
    "open-pack",
    intent({
      schema: openPackSchema,
      run: async (ctx, { idempotencyKey }, { params }) => {
        const packId = parsePackId(params.id);
        if (packId === null) throw new DomainError("pack_not_found", "Pack not found", 404);
        const pull = await openPack(ctx, { packId, idempotencyKey });
        return { pull, check: await realityCheck(ctx) };
      },
      done: ({ pull, check }) => ({
        reply: {
          realityCheck: check && {
            ...check,
            sessionStartedAt: check.sessionStartedAt.toISOString(),
          },
          pull: {
            ...pull,
            buyback: { ...pull.buyback, expiresAt: pull.buyback.expiresAt.toISOString() },
          },
        },
      }),
    }),
    { home: "/packs", render },
  );

/** The answer as the opening dialog reads it: JSON, never a redirect. */
function render({ status, error, reply }: Answer<OpenedJson>) {
  if (reply?.pull && !error) {
    return answer({ pull: reply.pull, realityCheck: reply.realityCheck ?? null });
  }
  if (error?.code === "not_signed_in") {
    return answer({ error: "Please log in to open packs", code: error.code }, 401);
  }
  if (error?.code === "invalid_form") {
    return answer({ error: "Invalid request", code: "invalid_request" }, 400);
  }
  return answer(
    { error: error?.message ?? "Invalid request", code: error?.code ?? "failed" },
    status,
  );
}
