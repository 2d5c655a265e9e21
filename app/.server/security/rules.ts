/**
 * The sign-in protection rules (docs/product/accounts-and-security.md), in one
 * place. Failures are failed `login` attempts in `login_attempts` (wrong password, wrong
 * two-factor code, denied as 'blocked'); failed sign-ups (weak password, taken email) do not
 * count, the sign-up rate limit covers those.
 *
 * | rule                        | trigger                                        | effect                                                                  |
 * |-----------------------------|------------------------------------------------|-------------------------------------------------------------------------|
 * | warning                     | >= 3 failures for one email in 15 min          | 'Security Notice' with {@link SECURITY_NOTICE}, then the sign-in goes on |
 * | repeated failed sign-ins    | >= 5 failures for one email in 15 min          | one `suspicious_activities` row (medium, 'repeated_failed_logins') per window |
 * | IP brute force              | >= 20 failures from one IP in 10 min           | one `suspicious_activities` row (high, 'ip_brute_force') and a 1-hour IP block, once while a block is active |
 * | rate limit, per IP          | > 30 attempts a minute from one IP, per action | HTTP 429 'Too many attempts. Try again in N seconds.'; nothing else happens |
 * | rate limit, per email       | > 5 sign-in (or code) attempts for one email in 15 min without a success | HTTP 429 as above; a success clears the count |
 * | account secrets             | the per-IP and per-email limits above, on /account's password and two-factor forms | HTTP 429 as above |
 * | password reset requests     | the per-IP limit above on /auth/forgot-password (mail itself: once a minute per address) | HTTP 429 as above |
 *
 * The per-IP limit allows a shared address (an office, a campus, a carrier's NAT) while
 * stopping scripted bursts; slower guessing from one address is what the IP brute-force rule
 * catches. The per-email limit counts consecutive failures, so a collector who signs in and out
 * often is never slowed down.
 */

/** 'Security Notice' after {@link WARNING_RULE}. */
export const SECURITY_NOTICE =
  "Several failed sign-in attempts were made on this account recently. If this wasn't you, change your password after signing in.";

/** Warn the person signing in when the email already has this many recent failures. */
export const WARNING_RULE = { failures: 3, windowMinutes: 15 } as const;

/** Record a medium-severity suspicious activity for the email at this many recent failures. */
export const REPEATED_FAILURES_RULE = {
  failures: 5,
  windowMinutes: 15,
  activityType: "repeated_failed_logins",
  severity: "medium",
} as const;

/** Record a high-severity activity and block the IP at this many recent failures from it. */
export const IP_BRUTE_FORCE_RULE = {
  failures: 20,
  windowMinutes: 10,
  blockMinutes: 60,
  activityType: "ip_brute_force",
  severity: "high",
  blockReason: "Automatic: too many failed sign-in attempts",
} as const;

/** What a failed attempt denied by a block is logged with (docs/product/accounts-and-security.md). */
export const BLOCKED_FAILURE_REASON = "blocked";

/** Attempts allowed per window; `duration` in seconds (rate-limiter-flexible's units). */
export type RateLimitRule = { points: number; duration: number };

/**
 * The actions the rate limiter knows: the two /auth forms, the sign-in code step, /account's
 * forms that check a password or code, and reset-link requests.
 */
export type RateLimitedAction =
  "login" | "signup" | "verify-totp" | "account-secret" | "password-reset";

/** Per client IP, per action: 30 attempts a minute. */
export const PER_IP_RATE_LIMIT: RateLimitRule = { points: 30, duration: 60 };

/** Per email, for actions that try a secret: 5 attempts in 15 minutes, cleared by a success. */
export const PER_EMAIL_RATE_LIMIT: RateLimitRule = { points: 5, duration: 15 * 60 };

/** Which actions are also limited per email (sign-up only per IP: it tries no secret). */
export const EMAIL_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  "login",
  "verify-totp",
  "account-secret",
];

/** `minutes` before `now`. */
export function minutesBefore(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}
