import { isAPIError } from "better-auth/api";
import type { Auth } from "./auth";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

/**
 * What an account function needs to act through Better Auth as the signed-in user: the
 * instance and the request's headers (its session cookie). Better Auth writes in its own
 * transactions; the Set-Cookie headers it answers with must reach the browser.
 */
export type AuthRequest = { auth: Auth; headers: Headers };

/**
 * The signed-in user's id: every account query is scoped to it.
 * @throws DomainError `not_signed_in` (401) for a visitor.
 */
export function ownerId(ctx: Ctx): string {
  if (!ctx.actor) throw new DomainError("not_signed_in", "Please sign in to continue", 401);
  return ctx.actor.userId;
}

/** Better Auth error codes that are the user's mistake, with the message we show for each. */
export type AuthRefusals = Partial<Record<string, { code: string; message: string }>>;

/**
 * Runs a Better Auth call and returns its answer with the Set-Cookie headers it sent
 * (`returnHeaders: true`). A refusal listed in `refusals` becomes that DomainError (400);
 * anything else is rethrown as is (a bug or an outage, for the error boundary).
 */
export async function throughAuth<T>(
  call: () => Promise<{ headers: Headers; response: T }>,
  refusals: AuthRefusals,
): Promise<{ headers: Headers; response: T }> {
  try {
    return await call();
  } catch (error) {
    const refusal = isAPIError(error) ? refusals[String(error.body?.code)] : undefined;
    if (refusal) throw new DomainError(refusal.code, refusal.message, 400);
    throw error;
  }
}

/** The Set-Cookie headers of a Better Auth answer, alone (to forward with a response). */
export function setCookieHeaders(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/** Wrong password, as every password-checking account action reports it. */
export const INVALID_PASSWORD = {
  INVALID_PASSWORD: { code: "invalid_password", message: "Incorrect password" },
} satisfies AuthRefusals;
