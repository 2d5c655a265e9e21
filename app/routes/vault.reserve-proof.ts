import type { Route } from "./+types/vault.reserve-proof";
import { isDomainError } from "~/.server/errors";
import { requestCtx } from "~/.server/request-context";
import { proveOwnSlab } from "~/.server/reserves/proof";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `/vault/cards/{id}/reserve-proof.json` (docs/decisions/043-proof-of-reserves.md): the
 * signed-in collector's proof that their card's slab is in the latest reserve snapshot
 * (app/lib/reserves.ts), as JSON. A refusal is JSON `{ error }` with its status: 401 signed out,
 * 403 for any card that is not theirs (whether or not it exists), 409 when there is no snapshot
 * yet or the slab is not theirs in it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cardId = /^[1-9]\d{0,8}$/.test(params.cardId) ? Number(params.cardId) : 0;
  try {
    const proof = await proveOwnSlab(requestCtx(context), {
      cardId,
      tagKey: context.drawLogTagKey,
      publicUrl: new URL(request.url).origin,
    });
    return Response.json(proof, { headers: PRIVATE });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return Response.json({ error: error.message }, { status: error.status, headers: PRIVATE });
  }
}
