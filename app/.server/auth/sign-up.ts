import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { isDomainError } from "../errors";
import { assertAdult } from "../play/age";
import { VERIFIED_PATH } from "./email-flows";
import { checkAccess } from "../security/fraud-check";
import { recordLoginAttempt } from "../security/login-attempts";
import { passwordWeaknesses } from "./password-strength";
import { AuthRefusal, betterAuthHeaders, throughAuth, type AuthDeps } from "./sign-in";

/** The failure logged and shown when the password strength check refuses a sign-up. */
export const WEAK_PASSWORD_MESSAGE = "Password is too weak";

/**
 * Creates an account and signs it in (spec storefront sections 4, 5; issue 3 section 1): rate
 * limit, fraud check, age (18 or older on `ctx.now()`: docs/decisions/010-responsible-play.md),
 * password strength (zxcvbn, score below 2 refused), then Better Auth's sign-up, which mails
 * the verification link, and the date of birth onto the new profile; the attempt is logged
 * either way.
 * @returns the Set-Cookie headers of the new session.
 * @throws DomainError `rate_limited` (429); AuthRefusal `access_denied` (403, the block's reason
 * or 'Unable to proceed with signup'), `underage` (403, 'You must be 18 or older to use
 * PackVault'), `weak_password` (400, with `details.reasons`) or
 * `sign_up_failed` (Better Auth's status and message, e.g. 422 'User already exists. Use another
 * email.').
 */
export async function signUp(
  ctx: Ctx,
  deps: AuthDeps,
  input: { fullName: string; email: string; dateOfBirth: string; password: string },
): Promise<{ headers: Headers }> {
  const email = input.email.toLowerCase();
  const attempt = { email, action: "signup", ip: deps.ip } as const;
  await deps.limiter.consume("signup", { ip: deps.ip, email });
  const access = await checkAccess(ctx, attempt);
  if (!access.allowed) {
    throw new AuthRefusal("access_denied", access.reason || "Unable to proceed with signup", 403);
  }
  try {
    assertAdult(input.dateOfBirth, ctx.now());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    await recordLoginAttempt(ctx, { ...attempt, success: false, failureReason: error.message });
    throw new AuthRefusal(error.code, error.message, error.status, { field: "dateOfBirth" });
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
  await ctx.db
    .update(profiles)
    .set({ dateOfBirth: input.dateOfBirth })
    .where(eq(profiles.email, email));
  await recordLoginAttempt(ctx, { ...attempt, success: true });
  return { headers };
}
