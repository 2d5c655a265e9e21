import { randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { mailOutbox, profiles, rateLimit, verification } from "../db/schema";
import type { Auth } from "../policy/auth";
import { passwordWeaknesses } from "../policy/password-strength";

/** Where a verification link lands once Better Auth has checked it (`?error=CODE` if not). */
export const VERIFIED_PATH = "/auth/verified";
/** Where a reset link lands: Better Auth appends `?token=...` or `?error=INVALID_TOKEN`. */
export const RESET_PASSWORD_PATH = "/auth/reset-password";
/** At most one verification mail per user, and one reset mail per address, in this window. */
export const MAIL_INTERVAL_SECONDS = 60;

/**
 * Claims the right to send one mail of a kind (`key`) now: true at most once per
 * {@link MAIL_INTERVAL_SECONDS}. One atomic upsert on the shared rate-limit table (Better
 * Auth's, whose own keys are `ip|path` and never start with `mail:`), so two simultaneous
 * requests or two instances cannot both win; rows past the window are pruned by Better Auth.
 */
async function claimMailSlot(ctx: Pick<Ctx, "db" | "now">, key: string): Promise<boolean> {
  const now = ctx.now().getTime();
  const windowStart = now - MAIL_INTERVAL_SECONDS * 1000;
  const claimed = await ctx.db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: 1, lastRequest: now },
      setWhere: sql`${rateLimit.lastRequest} <= ${windowStart}`,
    })
    .returning({ id: rateLimit.id });
  return claimed.length > 0;
}

export type ResendOutcome = "sent" | "already-verified" | "too-soon";

/**
 * Mails the signed-in user a new verification link that lands on {@link VERIFIED_PATH}
 * (docs/product/accounts-and-security.md: resend). Sends at most once per {@link MAIL_INTERVAL_SECONDS} per user.
 * @param headers the request's headers (its session cookie): Better Auth checks that the
 * session's user is the one asking.
 * @returns 'sent', 'already-verified' (nothing sent) or 'too-soon' (nothing sent).
 */
export async function resendVerificationEmail(
  ctx: Pick<Ctx, "db" | "now">,
  auth: Auth,
  {
    user,
    headers,
  }: { user: { id: string; email: string; emailVerified: boolean }; headers: Headers },
): Promise<ResendOutcome> {
  if (user.emailVerified) return "already-verified";
  if (!(await claimMailSlot(ctx, `mail:verify-email:${user.id}`))) return "too-soon";
  await auth.api.sendVerificationEmail({
    body: { email: user.email, callbackURL: VERIFIED_PATH },
    headers,
  });
  return "sent";
}

/**
 * Mails a password reset link to `email` when an account has it (docs/product/accounts-and-security.md:
 * recovery). The caller answers the same whatever happens here, so nobody learns which
 * addresses have accounts; for the same reason a second request for one address within
 * {@link MAIL_INTERVAL_SECONDS} silently sends nothing, which also stops mail bombing.
 */
export async function requestPasswordResetLink(
  ctx: Pick<Ctx, "db" | "now">,
  auth: Auth,
  email: string,
): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!(await claimMailSlot(ctx, `mail:reset-password:${address}`))) return;
  await auth.api.requestPasswordReset({
    body: { email: address, redirectTo: RESET_PASSWORD_PATH },
  });
}

/**
 * The account a reset token belongs to, while the token is unused and unexpired at
 * `ctx.now()`; null otherwise (the reset page then offers a new link instead of the form).
 */
export async function findResetTokenOwner(
  ctx: Pick<Ctx, "db" | "now">,
  token: string,
): Promise<{ email: string; fullName: string } | null> {
  const [owner] = await ctx.db
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(verification)
    .innerJoin(profiles, eq(profiles.id, verification.value))
    .where(
      and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, ctx.now()),
      ),
    );
  return owner ?? null;
}

export type ResetOutcome =
  | { status: "reset" }
  | { status: "invalid-token" }
  | { status: "weak-password"; reasons: string[] };

/**
 * Sets a new password with the token of a reset link (docs/product/accounts-and-security.md). A weak password is
 * refused with the estimator's reasons, as at sign-up, the account's email and name counting
 * as easy to guess. Better Auth checks and consumes the token and, configured with
 * revokeSessionsOnPasswordReset, signs the user out everywhere.
 * @returns 'reset'; 'invalid-token' when the token is unknown, used or expired (nothing
 * changes); 'weak-password' with the reasons (nothing changes, the token stays usable).
 */
export async function resetPasswordWithToken(
  ctx: Pick<Ctx, "db" | "now">,
  auth: Auth,
  { token, password }: { token: string; password: string },
): Promise<ResetOutcome> {
  const owner = await findResetTokenOwner(ctx, token);
  if (!owner) return { status: "invalid-token" };
  const reasons = passwordWeaknesses(password, [owner.email, owner.fullName]);
  if (reasons.length > 0) return { status: "weak-password", reasons };
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
    return { status: "reset" };
  } catch (error) {
    // Another request used the token (or the account went) since the lookup above.
    if (
      isAPIError(error) &&
      ["INVALID_TOKEN", "USER_NOT_FOUND"].includes(String(error.body?.code))
    ) {
      return { status: "invalid-token" };
    }
    throw error;
  }
}

/** How many messages /dev/outbox lists. */
export const OUTBOX_PAGE_SIZE = 100;

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
  /** Delivered through SMTP_URL (null: it only sits in the outbox). */
  sentAt: Date | null;
  text: string;
  /** Every http(s) link in the text, in order (verification and reset links). */
  links: string[];
};

/** The newest {@link OUTBOX_PAGE_SIZE} messages of the outbox, newest first (/dev/outbox). */
export async function listOutboxMessages(ctx: Pick<Ctx, "db">): Promise<OutboxMessage[]> {
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      text: mailOutbox.text,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({ ...row, links: row.text.match(/https?:\/\/\S+/g) ?? [] }));
}

/**
 * The rendered HTML of outbox message `id` (/dev/outbox shows it in a frame from its own route,
 * app/routes/dev.outbox.mail.ts). @returns null when there is no such message.
 */
export async function findOutboxHtml(ctx: Pick<Ctx, "db">, id: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row?.html ?? null;
}
