import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * docs/product/administration.md "Audit": one row per change an admin or moderator made, append-only (a trigger
 * refuses UPDATE and DELETE). `actor_id` is kept as text, not a foreign key, so the record
 * outlives a deleted account; `actor_email` says who it was.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_audit_log_time_idx").on(t.createdAt.desc()),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
