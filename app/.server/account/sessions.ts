import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Ctx } from "../context";
import { session } from "../db/schema";
import { DomainError } from "../errors";
import { ownerId } from "../policy/account-ctx";

/** One signed-in device as Settings lists it (never its token). */
export type ActiveSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  /** When the session was last extended (at most daily while in use). */
  lastActiveAt: Date;
  /** Whether this is the session making the request ('This device'). */
  current: boolean;
};

/** Which sessions 'Sign out' ends (spec: POST /logout?scope=local|others|global). */
export type SignOutScope = "others" | "global";

/** Only the signed-in user's sessions. */
const ownSessions = (ctx: Ctx) => eq(session.userId, ownerId(ctx));

/**
 * The signed-in user's unexpired sessions, most recently active first, the current one marked.
 * @throws DomainError `not_signed_in` (401).
 */
export async function listSessions(
  ctx: Ctx,
  input: { currentSessionId: string },
): Promise<ActiveSession[]> {
  const rows = await ctx.db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastActiveAt: session.updatedAt,
    })
    .from(session)
    .where(and(ownSessions(ctx), gt(session.expiresAt, ctx.now())))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  return rows.map((row) => ({ ...row, current: row.id === input.currentSessionId }));
}

/**
 * Signs one of the user's own sessions out (spec scope local when it is the current one).
 * Another user's session id is treated as unknown and nothing changes.
 * @throws DomainError `session_not_found` (404, 'Session not found'); `not_signed_in` (401).
 */
export async function revokeSession(ctx: Ctx, input: { sessionId: string }): Promise<void> {
  const revoked = await ctx.db
    .delete(session)
    .where(and(ownSessions(ctx), eq(session.id, input.sessionId)))
    .returning({ id: session.id });
  if (revoked.length === 0) throw new DomainError("session_not_found", "Session not found", 404);
  ctx.log.info({ userId: ctx.actor?.userId }, "session revoked");
}

/**
 * Signs out every session of the user but the current one (scope `others`), or all of them
 * (scope `global`). Returns how many sessions ended.
 * @throws DomainError `not_signed_in` (401).
 */
export async function revokeSessions(
  ctx: Ctx,
  input: { scope: SignOutScope; currentSessionId: string },
): Promise<number> {
  const revoked = await ctx.db
    .delete(session)
    .where(
      input.scope === "global"
        ? ownSessions(ctx)
        : and(ownSessions(ctx), ne(session.id, input.currentSessionId)),
    )
    .returning({ id: session.id });
  ctx.log.info({ userId: ctx.actor?.userId, scope: input.scope }, "sessions revoked");
  return revoked.length;
}
