import type { Route } from "./+types/pack.open";
import { parsePackId } from "./+packs/pack-id";
import { DomainError } from "~/.server/errors";
import { intent, runAction, type Answer, type Refusal } from "~/.server/http/run-intent";
import { openPack } from "~/.server/packs/opening";
import { realityCheck } from "~/.server/play/reality-check";
import { toToasts } from "~/.server/toast";
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

/** The responsible play refusals: their own message, with a way to the Limits tab. */
const PLAY_REFUSALS = new Set(["play_paused", "limit_exceeded", "date_of_birth_required"]);

/**
 * The toast of a refused opening (docs/product/packs-and-fairness.md "Opening a pack"): the
 * message alone for a sold-out pack; 'Insufficient balance' with 'Add funds' to /wallet (back to
 * the page after); a responsible play refusal's own message with the Limits tab
 * (docs/decisions/010-responsible-play.md); anything else 'Failed to open pack' (the default).
 */
function refusedToast(error: DomainError, returnTo: string): Refusal<OpenedJson> {
  if (error.code === "out_of_stock") return { toast: { kind: "error", title: error.message } };
  if (error.code === "insufficient_balance") {
    return {
      toast: {
        kind: "error",
        title: error.message,
        description: "Add funds to your wallet to open this pack.",
        action: { label: "Add funds", href: `/wallet?redirectTo=${encodeURIComponent(returnTo)}` },
      },
    };
  }
  if (PLAY_REFUSALS.has(error.code)) {
    const label = error.code === "date_of_birth_required" ? "Confirm" : "Limits";
    return {
      toast: {
        kind: "error",
        title: error.message,
        action: { label, href: "/account?tab=limits" },
      },
    };
  }
  return {};
}

/**
 * POST /pack/{id}/open: opens one pack for the signed-in user (email verified) with
 * `openPack` through the seam (`runAction`) and answers JSON `{ pull }` (the buyback's
 * `expiresAt` as an ISO string). A refusal answers its status with `{ error, code, toasts }`:
 * the spec's message, the DomainError's code and the seam's toasts for the dialog to show
 * (`refusedToast`); a visitor 401 'Please log in to open packs' (with `redirect`, the sign-in
 * page back to the posted `redirectTo`), an unverified email 403, an unknown id 404 'Pack not
 * found', a bad key 400 'Invalid request', a sold-out pack 409 'Pack is out of stock', too
 * little money 402 'Insufficient balance', a break, a limit or a date of birth to confirm 403
 * (docs/decisions/010-responsible-play.md). With the pull comes the reality check now due, if
 * any.
 */
export const action = (args: Route.ActionArgs) =>
  runAction<OpenedJson>(
    args,
    "open-pack",
    intent({
      schema: openPackSchema,
      signInToast: "Please log in to open packs",
      failureTitle: "Failed to open pack",
      invalidToast: () => ({ kind: "error", title: "Failed to open pack" }),
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
      refused: (error, _input, { returnTo }) => refusedToast(error, returnTo),
    }),
    { home: "/packs", render },
  );

/** The answer as the opening dialog reads it: JSON, never a redirect. */
function render({ status, error, reply, toasts, redirect }: Answer<OpenedJson>) {
  if (reply?.pull && !error) {
    return answer({ pull: reply.pull, realityCheck: reply.realityCheck ?? null });
  }
  const invalid = error?.code === "invalid_form";
  return answer(
    {
      error: invalid ? "Invalid request" : (error?.message ?? "Invalid request"),
      code: invalid ? "invalid_request" : (error?.code ?? "failed"),
      toasts: toToasts(toasts),
      ...(redirect === undefined ? {} : { redirect }),
    },
    status,
  );
}
