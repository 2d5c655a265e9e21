import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { isDomainError } from "../errors";
import { assertAdult } from "../policy/age";
import { VERIFIED_PATH } from "./email-flows";
import { checkAccess } from "../security/fraud-check";
import { recordLoginAttempt } from "../security/login-attempts";
import { passwordWeaknesses } from "../policy/password-strength";
import { AuthRefusal, betterAuthHeaders, throughAuth, type AuthDeps } from "./sign-in";

/** What the attempt log (never the visitor) says of a sign-up with a taken address. */
export const TAKEN_EMAIL_REASON = "Email already registered (answered like a new account)";

/** The failure logged and shown when the password strength check refuses a sign-up. */
export const WEAK_PASSWORD_MESSAGE = "Password is too weak";

/**
 * Creates an account (docs/product/accounts-and-security.md, "Signing up"): rate limit, fraud
 * check, age (18 or older on `ctx.now()`: docs/decisions/010-responsible-play.md), password
 * strength (zxcvbn, score below 2 refused), then Better Auth's sign-up, which mails the
 * verification link, and the date of birth onto the new profile; the attempt is logged either
 * way. It signs no one in, and a taken address answers exactly like a new one: Better Auth
 * creates nothing, mails the address's owner instead, and the date of birth goes nowhere.
 * @throws DomainError `rate_limited` (429); AuthRefusal `access_denied` (403, the block's reason
 * or 'Unable to proceed with signup'), `underage` (403, 'You must be 18 or older to use
 * PackVault'), `weak_password` (400, with `details.reasons`) or `sign_up_failed` (Better
 * Auth's status and message for a request it refuses).
 */
export async function signUp(
  ctx: Ctx,
  deps: AuthDeps,
  input: { fullName: string; email: string; dateOfBirth: string; password: string },
): Promise<void> {
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
  const { user } = await throughAuth(ctx, attempt, "sign_up_failed", undefined, () =>
    deps.auth.api.signUpEmail({
      body: { name: input.fullName, email, password: input.password, callbackURL: VERIFIED_PATH },
      headers: betterAuthHeaders(deps),
    }),
  );
  // A taken address gets a made-up user id that matches no profile: nothing is updated, and
  // the attempt log (staff only) says why.
  const created = await ctx.db
    .update(profiles)
    .set({ dateOfBirth: input.dateOfBirth })
    .where(eq(profiles.id, user.id))
    .returning({ id: profiles.id });
  await recordLoginAttempt(ctx, {
    ...attempt,
    success: created.length === 1,
    failureReason: created.length === 1 ? undefined : TAKEN_EMAIL_REASON,
  });
}
