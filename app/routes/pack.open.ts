import { z } from "zod";
import type { Route } from "./+types/pack.open";
import { parsePackId } from "./+packs/pack-id";
import { isDomainError } from "~/.server/errors";
import { openPack } from "~/.server/packs/opening";
import { realityCheck } from "~/.server/play/reality-check";
import { requestCtx } from "~/.server/request-context";
import type { OpenPackAnswer } from "~/components/packs/open-pack";

/** The opening dialog's form: one idempotency key per press of Open (made in the browser). */
const openPackSchema = z.object({ idempotencyKey: z.uuid() });

const answer = (body: OpenPackAnswer, status = 200) => Response.json(body, { status });

/** GET /pack/{id}/open: only POST opens a pack. */
export function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * POST /pack/{id}/open (issue 5 section 3): opens one pack for the signed-in user with
 * `openPack` and answers JSON `{ pull }` (the buyback's `expiresAt` as an ISO string). A refusal
 * answers its status with `{ error, code }` in the spec's words: a visitor 401 'Please log in to
 * open packs', an unknown id 404 'Pack not found', a bad key 400, a sold-out pack 409 'Pack is
 * out of stock', too little money 402 'Insufficient balance', a break, a limit or a date of birth
 * to confirm 403 (docs/decisions/010-responsible-play.md). With the pull comes the reality
 * check now due, if any. Any other error propagates (500).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) {
    return answer({ error: "Please log in to open packs", code: "not_signed_in" }, 401);
  }
  const packId = parsePackId(params.id);
  if (packId === null) return answer({ error: "Pack not found", code: "pack_not_found" }, 404);
  const form = await request.formData();
  const parsed = openPackSchema.safeParse({ idempotencyKey: form.get("idempotencyKey") });
  if (!parsed.success) return answer({ error: "Invalid request", code: "invalid_request" }, 400);
  try {
    const ctx = requestCtx(context);
    const pull = await openPack(ctx, { packId, idempotencyKey: parsed.data.idempotencyKey });
    const check = await realityCheck(ctx);
    return answer({
      realityCheck: check && {
        ...check,
        sessionStartedAt: check.sessionStartedAt.toISOString(),
      },
      pull: {
        ...pull,
        buyback: { ...pull.buyback, expiresAt: pull.buyback.expiresAt.toISOString() },
      },
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code, packId }, "pack opening refused");
    return answer({ error: error.message, code: error.code }, error.status);
  }
}
