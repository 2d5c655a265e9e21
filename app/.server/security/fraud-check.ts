import type { Ctx } from "../context";
import { findActiveBlock } from "./blocks";
import { countFailedSignIns, recordLoginAttempt } from "./login-attempts";
import { BLOCKED_FAILURE_REASON, SECURITY_NOTICE, WARNING_RULE, minutesBefore } from "./rules";

/** The fraud check's answer (docs/product/accounts-and-security.md: allowed, reason, warning). */
export type AccessDecision =
  | { allowed: true; /** Shown as 'Security Notice' before going on. */ warning?: string }
  | { allowed: false; /** Shown as 'Access Denied'. */ reason: string };

/** The question asked before every sign-in and sign-up (docs/product/accounts-and-security.md). */
export type AccessRequest = { email: string; action: "login" | "signup"; ip: string | null };

/**
 * The fraud check, run before every sign-in and sign-up (docs/product/accounts-and-security.md). Denies when the email (case-insensitive) or the IP has an active
 * `blocked_entities` row, answering the block's reason, and logs that attempt as failed with
 * reason 'blocked'. Allows with a warning when the email has had {@link WARNING_RULE} failed
 * sign-ins recently. When the check itself fails (the database, say), it logs the error with
 * `ctx.log.error` and allows: the spec lets the action proceed.
 */
export async function checkAccess(ctx: Ctx, request: AccessRequest): Promise<AccessDecision> {
  let decision: AccessDecision;
  try {
    decision = await evaluate(ctx, request);
  } catch (error) {
    ctx.log.error(
      { err: error, action: request.action },
      "fraud check failed; letting the attempt proceed",
    );
    return { allowed: true };
  }
  if (!decision.allowed) {
    try {
      await recordLoginAttempt(ctx, {
        ...request,
        success: false,
        failureReason: BLOCKED_FAILURE_REASON,
      });
    } catch (error) {
      // The denial stands even when it cannot be logged.
      ctx.log.error({ err: error, action: request.action }, "could not log a blocked attempt");
    }
  }
  return decision;
}

async function evaluate(ctx: Ctx, { email, action, ip }: AccessRequest): Promise<AccessDecision> {
  const block = await findActiveBlock(ctx, { email, ip });
  if (block) return { allowed: false, reason: block.reason };
  if (action !== "login") return { allowed: true };
  const since = minutesBefore(ctx.now(), WARNING_RULE.windowMinutes);
  const failures = await countFailedSignIns(ctx.db, { email }, since);
  return failures >= WARNING_RULE.failures
    ? { allowed: true, warning: SECURITY_NOTICE }
    : { allowed: true };
}
