import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { DomainError } from "../errors";
import { passwordWeaknesses } from "../policy/password-strength";
import {
  INVALID_PASSWORD,
  ownerId,
  setCookieHeaders,
  throughAuth,
  type AuthRequest,
} from "../policy/account-ctx";

/**
 * Changes the signed-in user's password and signs out every other session (docs/product/accounts-and-security.md:
 * Change Password). Weak new passwords are refused with the estimator's reasons, like at
 * sign-up (docs/product/accounts-and-security.md). Returns the Set-Cookie headers of the new session
 * Better Auth opens for this device.
 * @throws DomainError `weak_password` (400, the reasons joined), `invalid_password` (400,
 * 'Incorrect password' for a wrong current password), `not_signed_in` (401).
 */
export async function changePassword(
  ctx: Ctx,
  request: AuthRequest,
  input: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  const userId = ownerId(ctx);
  const personal = await ctx.db
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const reasons = passwordWeaknesses(
    input.newPassword,
    personal.flatMap((p) => [p.email, p.fullName]),
  );
  if (reasons.length > 0) throw new DomainError("weak_password", reasons.join(" "), 400);
  const { headers } = await throughAuth(
    () =>
      request.auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        },
        headers: request.headers,
        returnHeaders: true,
      }),
    INVALID_PASSWORD,
  );
  ctx.log.info({ userId }, "password changed; other sessions revoked");
  return setCookieHeaders(headers);
}
