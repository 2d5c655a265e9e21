import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import type { Database } from "../db/client";
import { account, profiles, rateLimit, session, twoFactor, verification } from "../db/schema";
import type { Env } from "../env";
import { enqueueMail } from "../mail/mail-jobs";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";

/** Sessions last 7 days without use and are extended (at most daily) while in use. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
/** How long Better Auth's session_data cookie answers its session lookup, in seconds. */
export const SESSION_COOKIE_CACHE_SECONDS = 5 * 60;

/**
 * PackVault's Better Auth instance: email and password (verification mail on sign-up,
 * reset mail, all sessions revoked after a reset), database sessions, TOTP two-factor,
 * database-backed rate limits shared by every instance, telemetry off. Our own actions call
 * `auth.api.*` after the fraud check; the HTTP handler is mounted only for emailed links
 * (app/routes/api.auth.$.ts).
 */
export function createAuth({
  db,
  env,
  secret,
}: {
  db: Database;
  env: Pick<Env, "PUBLIC_URL" | "NODE_ENV">;
  secret: string;
}) {
  return betterAuth({
    appName: "PackVault",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.PUBLIC_URL],
    telemetry: { enabled: false },
    // Wrong passwords and unknown users are expected traffic, recorded in login_attempts.
    logger: { level: "error" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { profiles, session, account, verification, twoFactor, rateLimit },
    }),
    user: { modelName: "profiles", fields: { name: "fullName" } },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // The session and user in a signed cookie (Better Auth's own), re-read from the database
      // every SESSION_COOKIE_CACHE_SECONDS. It only spares Better Auth's read: the app's lookup
      // (readSessionUser) still reads the session row, profile and role on every request, so a
      // block, a role change or a revocation takes effect on the next request.
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LIMITS.min,
      maxPasswordLength: PASSWORD_LIMITS.max,
      // Sign-up answers the same whether or not the address is taken (no session either way;
      // the owner of a taken address gets a mail): docs/product/accounts-and-security.md.
      autoSignIn: false,
      requireEmailVerification: false,
      onExistingUserSignUp: async ({ user }) => {
        await enqueueMail(db, {
          to: user.email,
          template: "action",
          props: {
            subject: "Someone tried to sign up with your email",
            greeting: `Hi ${user.name},`,
            body: "Someone tried to create a PackVault account with this email address, which already has one. No new account was created.",
            actionLabel: "Reset my password",
            url: new URL("/auth/forgot-password", env.PUBLIC_URL).toString(),
            footnote:
              "If it was you, sign in instead, or reset your password with the button above. If not, you can ignore this email: your account is unchanged.",
          },
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await enqueueMail(db, {
          to: user.email,
          template: "action",
          props: {
            subject: "Reset your PackVault password",
            greeting: `Hi ${user.name},`,
            body: "Someone asked to reset the password of your PackVault account. The link works for one hour.",
            actionLabel: "Choose a new password",
            url,
            footnote: "If it wasn't you, ignore this email: your password stays as it is.",
          },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening the link must not sign anyone in: that would bypass the two-factor challenge.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(db, {
          to: user.email,
          template: "action",
          props: {
            subject: "Verify your PackVault email",
            greeting: `Welcome to PackVault, ${user.name}!`,
            body: "Confirm your email address to open packs, add funds, check out and trade. The link works for 24 hours.",
            actionLabel: "Verify my email",
            url,
            footnote: "If you did not create an account, you can ignore this email.",
          },
        });
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
    },
    advanced: {
      cookiePrefix: "packvault",
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The session lookup reads the session and its user in one joined statement
      // (sessionRelations in the schema) instead of two.
      database: { joins: true },
    },
    plugins: [twoFactorPlugin({ issuer: "PackVault" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
