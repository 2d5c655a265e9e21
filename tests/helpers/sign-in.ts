import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Auth } from "~/.server/policy/auth";
import { AuthRefusal, type AuthDeps } from "~/.server/auth/sign-in";
import { signUp } from "~/.server/auth/sign-up";
import { loginAttempts } from "~/.server/db/schema";
import { createAuthRateLimiter } from "~/.server/security/rate-limit";
import { browserHeaders } from "./auth";
import type { TestDatabase } from "./db";

/** A password the strength check accepts. */
export const STRONG_PASSWORD = "velvet lantern orbit 42";

/** Helpers for tests of sign-in and sign-up on one test database and Better Auth. */
export function signInKit(db: TestDatabase, auth: Auth) {
  /** Deps as the /auth action builds them, with a fresh limiter unless one is shared. */
  const deps = (
    ip: string,
    options: { cookie?: string; limiter?: AuthDeps["limiter"] } = {},
  ): AuthDeps => ({
    auth,
    limiter: options.limiter ?? createAuthRateLimiter(),
    headers: browserHeaders(options.cookie),
    ip,
  });
  return {
    deps,
    /** A new account through sign-up; its session's Set-Cookie headers. */
    createCollector: (email: string, ip = "192.0.2.1") =>
      signUp(db.ctx(), deps(ip), {
        fullName: "Casey Collector",
        email,
        dateOfBirth: "1990-05-17",
        password: STRONG_PASSWORD,
      }),
    /** `email`'s login_attempts rows, newest first. */
    attemptsOf: (email: string) =>
      db.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, email))
        .orderBy(desc(loginAttempts.id)),
  };
}

/** The AuthRefusal `promise` rejects with (fails the test if it resolves or throws another). */
export async function refusalOf(promise: Promise<unknown>): Promise<AuthRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthRefusal);
  return error as AuthRefusal;
}
