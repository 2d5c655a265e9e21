import type { Ctx } from "../context";
import { VERIFIED_PATH } from "./email-flows";
import { checkAccess } from "../security/fraud-check";
import { recordLoginAttempt } from "../security/login-attempts";
import { passwordWeaknesses } from "./password-strength";
import { AuthRefusal, betterAuthHeaders, throughAuth, type AuthDeps } from "./sign-in";

/** The failure logged and shown when the password strength check refuses a sign-up. */
export const WEAK_PASSWORD_MESSAGE = "Password is too weak";

/**
 * Creates an account and signs it in (spec storefront sections 4, 5; issue 3 section 1): rate
 * limit, fraud check, password strength (zxcvbn, score below 2 refused), then Better Auth's
 * sign-up, which mails the verification link; the attempt is logged either way.
 * @returns the Set-Cookie headers of the new session.
 * @throws DomainError `rate_limited` (429); AuthRefusal `access_denied` (403, the block's reason
 * or 'Unable to proceed with signup'), `weak_password` (400, with `details.reasons`) or
 * `sign_up_failed` (Better Auth's status and message, e.g. 422 'User already exists. Use another
 * email.').
 */
export async function signUp(
  ctx: Ctx,
  deps: AuthDeps,
  input: { fullName: string; email: string; password: string },
): Promise<{ headers: Headers }> {
  const email = input.email.toLowerCase();
  const attempt = { email, action: "signup", ip: deps.ip } as const;
  await deps.limiter.consume("signup", { ip: deps.ip, email });
  const access = await checkAccess(ctx, attempt);
  if (!access.allowed) {
    throw new AuthRefusal("access_denied", access.reason || "Unable to proceed with signup", 403);
  }
  const reasons = passwordWeaknesses(input.password, [input.fullName, email]);
  if (reasons.length > 0) {
    await recordLoginAttempt(ctx, {
      ...attempt,
      success: false,
      failureReason: WEAK_PASSWORD_MESSAGE,
    });
    throw new AuthRefusal("weak_password", WEAK_PASSWORD_MESSAGE, 400, { reasons });
  }
  const { headers } = await throughAuth(ctx, attempt, "sign_up_failed", undefined, () =>
    deps.auth.api.signUpEmail({
      body: { name: input.fullName, email, password: input.password, callbackURL: VERIFIED_PATH },
      headers: betterAuthHeaders(deps),
      returnHeaders: true,
    }),
  );
  await recordLoginAttempt(ctx, { ...attempt, success: true });
  return { headers };
}
