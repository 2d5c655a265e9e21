import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { loginAttempts, suspiciousActivities } from "../db/schema";
import { blockIpOnce, lockSubject, type Executor } from "./blocks";
import { IP_BRUTE_FORCE_RULE, REPEATED_FAILURES_RULE, minutesBefore } from "./rules";

/** One sign-in or sign-up attempt (docs/product/accounts-and-security.md, fraud check request). */
export type LoginAttempt = {
  email: string;
  action: "login" | "signup";
  success: boolean;
  /** The error message shown to the user, or 'blocked'; null on success. */
  failureReason?: string | null;
  ip: string | null;
};

/**
 * Writes one attempt to `login_attempts` (email lowercased, time `ctx.now()`). A failed sign-in
 * then applies the escalation rules of rules.ts in the same transaction: a suspicious activity
 * for an email with repeated failures, and for an IP past the brute-force threshold a
 * high-severity activity and a one-hour block, each inserted once.
 */
export async function recordLoginAttempt(ctx: Ctx, attempt: LoginAttempt): Promise<void> {
  const now = ctx.now();
  const email = attempt.email.toLowerCase();
  const { ip } = attempt;
  const blocked = await ctx.db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({
      email,
      action: attempt.action,
      success: attempt.success,
      failureReason: attempt.success ? null : (attempt.failureReason ?? null),
      ipAddress: ip,
      createdAt: now,
    });
    if (attempt.success || attempt.action !== "login") return false;
    // Locks are always taken email first, then IP, so concurrent attempts cannot deadlock.
    await flagRepeatedFailures(tx, { email, ip, now });
    return ip ? blockBruteForceIp(tx, { ip, email, now }) : false;
  });
  if (blocked) ctx.log.warn({ ip }, "blocked an IP after too many failed sign-in attempts");
}

/**
 * Failed sign-ins (`action` 'login') for `email` (case-insensitive) or from `ip` after `since`.
 */
export async function countFailedSignIns(
  db: Executor,
  subject: { email: string } | { ip: string },
  since: Date,
): Promise<number> {
  const who =
    "email" in subject
      ? eq(sql`lower(${loginAttempts.email})`, subject.email.toLowerCase())
      : eq(loginAttempts.ipAddress, subject.ip);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        who,
        eq(loginAttempts.action, "login"),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** One medium-severity activity per window once an email reaches the repeated-failures rule. */
async function flagRepeatedFailures(
  tx: Executor,
  { email, ip, now }: { email: string; ip: string | null; now: Date },
): Promise<void> {
  const rule = REPEATED_FAILURES_RULE;
  const since = minutesBefore(now, rule.windowMinutes);
  await lockSubject(tx, `email:${email}`);
  const failures = await countFailedSignIns(tx, { email }, since);
  if (failures < rule.failures) return;
  await tx.execute(sql`
    INSERT INTO ${suspiciousActivities} (activity_type, severity, description, ip_address, email, created_at)
    SELECT ${rule.activityType}, ${rule.severity},
      ${`${failures} failed sign-in attempts for ${email} within ${rule.windowMinutes} minutes`},
      ${ip}, ${email}, ${now.toISOString()}::timestamptz
    WHERE NOT EXISTS (
      SELECT 1 FROM ${suspiciousActivities}
      WHERE ${suspiciousActivities.activityType} = ${rule.activityType}
        AND lower(${suspiciousActivities.email}) = ${email}
        AND ${suspiciousActivities.createdAt} > ${since.toISOString()}::timestamptz
    )`);
}

/**
 * Past the IP brute-force rule: a one-hour block and a high-severity activity, unless the IP
 * is already blocked. @returns whether this call blocked the IP.
 */
async function blockBruteForceIp(
  tx: Executor,
  { ip, email, now }: { ip: string; email: string; now: Date },
): Promise<boolean> {
  const rule = IP_BRUTE_FORCE_RULE;
  await lockSubject(tx, `ip:${ip}`);
  const failures = await countFailedSignIns(tx, { ip }, minutesBefore(now, rule.windowMinutes));
  if (failures < rule.failures) return false;
  const until = new Date(now.getTime() + rule.blockMinutes * 60_000);
  const blocked = await blockIpOnce(tx, { ip, reason: rule.blockReason, now, until });
  if (!blocked) return false;
  await tx.insert(suspiciousActivities).values({
    activityType: rule.activityType,
    severity: rule.severity,
    description: `${failures} failed sign-in attempts from ${ip} within ${rule.windowMinutes} minutes (last for ${email}); IP blocked for ${rule.blockMinutes} minutes`,
    ipAddress: ip,
    email,
    createdAt: now,
  });
  return true;
}

/**
 * Whether `email` has signed in successfully before (a logged successful `login` attempt): the
 * first sign-in after sign-up is greeted with 'Welcome', later ones with 'Welcome back!'.
 */
export async function hasSignedInBefore(ctx: Ctx, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email.toLowerCase()),
        eq(loginAttempts.action, "login"),
        eq(loginAttempts.success, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
