import { APIError } from "better-auth/api";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { checkAccess } from "../security/fraud-check";
import {
  hasSignedInBefore,
  recordLoginAttempt,
  type LoginAttempt,
} from "../security/login-attempts";
import type { AuthRateLimiter } from "../security/rate-limit";
import type { Auth } from "../policy/auth";

/** What the sign-in and sign-up functions need besides `ctx`. */
export type AuthDeps = {
  auth: Auth;
  limiter: AuthRateLimiter;
  /** The browser request's headers (its cookies reach Better Auth). */
  headers: Headers;
  /** The client IP (AppLoadContext.clientIp: X-Forwarded-For only within TRUST_PROXY hops). */
  ip: string | null;
};

/**
 * A refused sign-in or sign-up: `message` is the text for the toast (Better Auth's own message,
 * such as 'Invalid email or password', or the spec's). `notice` is a fraud-check warning to show
 * first ('Security Notice'); `reasons` lists why a password is too weak; `restart` says the
 * two-factor step is over and the user must sign in with the password again.
 */
export class AuthRefusal extends DomainError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly details: {
      notice?: string;
      reasons?: string[];
      restart?: boolean;
      /** The form field the refusal is about. */
      field?: string;
    } = {},
  ) {
    super(code, message, status);
  }
}

/** A finished step: the Set-Cookie headers to forward, and a fraud-check warning if any. */
export type SignInResult = {
  /** 'two-factor': the password was right, the code from the authenticator app is next. */
  status: "signed-in" | "two-factor";
  headers: Headers;
  /** Signed in for the first time (no earlier successful sign-in): greeted 'Welcome'. */
  first?: boolean;
  notice?: string;
};

/**
 * Signs in with email and password (docs/product/accounts-and-security.md): rate limit, fraud check, Better
 * Auth, then the attempt is logged. For an account with two-factor authentication the answer is
 * 'two-factor' with Better Auth's challenge cookie, and nothing is logged until
 * {@link verifySignInCode} finishes the sign-in.
 * @throws DomainError `rate_limited` (429); AuthRefusal `access_denied` (403, the block's reason
 * or 'Unable to proceed with login') or `sign_in_failed` (Better Auth's status and message).
 */
export async function signIn(
  ctx: Ctx,
  deps: AuthDeps,
  input: { email: string; password: string },
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  await deps.limiter.consume("login", { ip: deps.ip, email });
  const access = await checkAccess(ctx, { email, action: "login", ip: deps.ip });
  if (!access.allowed) {
    throw new AuthRefusal("access_denied", access.reason || "Unable to proceed with login", 403);
  }
  const notice = access.warning;
  const attempt = { email, action: "login", ip: deps.ip } as const;
  const { headers, response } = await throughAuth(ctx, attempt, "sign_in_failed", notice, () =>
    deps.auth.api.signInEmail({
      body: { email, password: input.password },
      headers: betterAuthHeaders(deps),
      returnHeaders: true,
    }),
  );
  await deps.limiter.reset("login", email);
  if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
    return { status: "two-factor", headers, notice };
  }
  const first = !(await hasSignedInBefore(ctx, email));
  await recordLoginAttempt(ctx, { ...attempt, success: true });
  return { status: "signed-in", headers, notice, first };
}

const EXPIRED_CHALLENGE = "Your sign-in has expired. Please sign in again.";

/**
 * Better Auth's two-factor errors after which the challenge is gone, so the user signs in with
 * the password again; with our wording where Better Auth's would confuse (no code is "requested").
 */
const RESTART_ERRORS = new Map<string, string | null>([
  ["INVALID_TWO_FACTOR_COOKIE", EXPIRED_CHALLENGE],
  ["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "Too many attempts. Please sign in again."],
  ["ACCOUNT_TEMPORARILY_LOCKED", null],
]);

/** A 6-digit code is from the authenticator app; anything else is tried as a backup code. */
const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Finishes a two-factor sign-in with the code from the authenticator app or a backup code
 * (Better Auth's verifyTOTP / verifyBackupCode and its challenge cookie in `deps.headers`), and
 * logs the attempt for `email`, the address the password step was for (null once forgotten).
 * @throws DomainError `rate_limited` (429); AuthRefusal `sign_in_failed` ('Invalid code', ...)
 * or, when the challenge has expired or is used up, `two_factor_restart` with `restart` set.
 */
export async function verifySignInCode(
  ctx: Ctx,
  deps: AuthDeps,
  input: { code: string; email: string | null },
): Promise<SignInResult> {
  const { email } = input;
  if (!email) {
    throw new AuthRefusal("two_factor_restart", EXPIRED_CHALLENGE, 401, { restart: true });
  }
  await deps.limiter.consume("verify-totp", { ip: deps.ip, email });
  const attempt = { email, action: "login", ip: deps.ip } as const;
  const request = { body: { code: input.code }, headers: betterAuthHeaders(deps) };
  const { headers } = await throughAuth(ctx, attempt, "sign_in_failed", undefined, () =>
    isAuthenticatorCode(input.code)
      ? deps.auth.api.verifyTOTP({ ...request, returnHeaders: true })
      : deps.auth.api.verifyBackupCode({ ...request, returnHeaders: true }),
  );
  await deps.limiter.reset("verify-totp", email);
  const first = !(await hasSignedInBefore(ctx, email));
  await recordLoginAttempt(ctx, { ...attempt, success: true });
  return { status: "signed-in", headers, first };
}

/**
 * Runs one Better Auth call for an attempt. A refusal (APIError) is logged as a failed attempt
 * with its message and rethrown as AuthRefusal `code`; any other error propagates.
 */
export async function throughAuth<T>(
  ctx: Ctx,
  attempt: Omit<LoginAttempt, "success" | "failureReason">,
  code: string,
  notice: string | undefined,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const betterAuthCode = typeof error.body?.code === "string" ? error.body.code : "";
    const restart = RESTART_ERRORS.has(betterAuthCode);
    const message = RESTART_ERRORS.get(betterAuthCode) ?? error.body?.message ?? error.message;
    await recordLoginAttempt(ctx, { ...attempt, success: false, failureReason: message });
    const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    if (restart) {
      throw new AuthRefusal("two_factor_restart", message, status, { restart: true });
    }
    throw new AuthRefusal(code, message, status, { notice });
  }
}

/**
 * The request headers as Better Auth should see them: its session records `X-Forwarded-For` as
 * the client IP, so the header is replaced by the IP we trust (a forged one never reaches it).
 */
export function betterAuthHeaders({ headers, ip }: Pick<AuthDeps, "headers" | "ip">): Headers {
  const forwarded = new Headers(headers);
  for (const name of ["x-forwarded-for", "x-real-ip", "forwarded"]) forwarded.delete(name);
  if (ip) forwarded.set("x-forwarded-for", ip);
  return forwarded;
}
