import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { adminAuditLog, profiles } from "../db/schema";
import { requireStaff } from "./permissions";

type Tx = Pick<Database, "select" | "insert">;

/** One staff change, as {@link recordAudit} writes it. `before`/`after` are the row's fields. */
export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
};

/**
 * Writes the audit row of a staff change (docs/product/administration.md "Audit") in the change's own transaction
 * `tx.db` (at its clock `tx.now()`), so the change and its record commit together. The actor is `tx.actor`; their email is
 * stored too, so the record still says who it was after an account is deleted.
 */
export async function recordAudit(
  tx: { db: Tx } & Pick<Ctx, "actor" | "now">,
  entry: AuditEntry,
): Promise<void> {
  const actor = tx.actor!;
  const [profile] = await tx.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, actor.userId));
  await tx.db.insert(adminAuditLog).values({
    actorId: actor.userId,
    actorEmail: profile?.email ?? "(deleted)",
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: tx.now(),
  });
}

/** Audit rows per page of the Audit tab. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page of the audit log, newest first (docs/product/administration.md "Audit": shown in an Audit tab).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAuditLog(ctx: Ctx, { page }: { page: number }) {
  requireStaff(ctx, "view");
  const current = Math.max(1, Math.floor(page) || 1);
  return ctx.db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
}
