import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { identityKey, stampedNow } from "./columns";

/**
 * docs/product/administration.md "Audit": one row per change an admin or moderator made, append-only (a trigger
 * refuses UPDATE and DELETE). `actor_id` is kept as text, not a foreign key, so the record
 * outlives a deleted account; `actor_email` says who it was.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: identityKey(),
    actorId: text().notNull(),
    actorEmail: text().notNull(),
    actorRole: text().notNull(),
    /** 'user.update', 'user.delete', 'pack.create', 'listing.delete', 'block.create', ... */
    action: text().notNull(),
    /** 'user', 'pack', 'listing', 'redemption', 'submission', 'blocked_entity'. */
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("admin_audit_log_time_idx").on(t.createdAt.desc()),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
