import type { Pull } from "~/lib/domain/packs";
import type { RealityCheckJson } from "~/components/play/reality-check-dialog";
import type { Toast } from "~/lib/toast";

/** A pull as it travels in JSON: the buyback's expiry is an ISO string. */
export type PullJson = Omit<Pull, "buyback"> & {
  buyback: Omit<Pull["buyback"], "expiresAt"> & { expiresAt: string };
};

/**
 * What `POST /pack/{id}/open` answers (routes/pack.open.ts): the pull, or the refusal's spec
 * text and code (`not_signed_in` 401, `out_of_stock` 409, `insufficient_balance` 402, ...) with
 * the seam's toasts, and for a visitor the sign-in page to go to (`redirect`).
 */
export type OpenPackAnswer =
  | { pull: PullJson; realityCheck?: RealityCheckJson | null }
  | { error: string; code: string; toasts: Toast[]; redirect?: string };

/** The outcome of one attempt as the opening dialog handles it. */
export type OpenPackOutcome =
  | { ok: true; pull: PullJson; realityCheck: RealityCheckJson | null }
  /**
   * The seam's toasts and where to go next (sign-in); no toasts when the server broke or the
   * network did.
   */
  | { ok: false; toasts: Toast[]; redirect: string | null };

/** The resource route that opens a pack. */
export const openPackAction = (packId: number) => `/pack/${packId}/open`;

const failed: OpenPackOutcome = { ok: false, toasts: [], redirect: null };

/**
 * Asks the server to open `packId` once, under `idempotencyKey` (one key per press of Open:
 * a retried request with the same key returns the same pull instead of buying again);
 * `redirectTo` is the page to come back to (after signing in or adding funds). Never throws: a
 * network error or a 5xx becomes a refusal without toasts.
 */
export async function requestOpenPack(
  packId: number,
  idempotencyKey: string,
  redirectTo: string,
): Promise<OpenPackOutcome> {
  try {
    const response = await fetch(openPackAction(packId), {
      method: "POST",
      body: new URLSearchParams({ idempotencyKey, redirectTo }),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const answer = (await response.json().catch(() => null)) as OpenPackAnswer | null;
    if (response.ok && answer && "pull" in answer) {
      return { ok: true, pull: answer.pull, realityCheck: answer.realityCheck ?? null };
    }
    if (answer && "error" in answer && response.status < 500) {
      return { ok: false, toasts: answer.toasts, redirect: answer.redirect ?? null };
    }
    return failed;
  } catch {
    return failed;
  }
}
