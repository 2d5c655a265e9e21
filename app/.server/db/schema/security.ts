import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const BLOCKED_ENTITY_TYPES = ["email", "ip"] as const;
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;

/** docs/product/accounts-and-security.md, login_attempt: every sign-in and sign-up attempt. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    /** 'login' or 'signup' (docs/product/accounts-and-security.md, fraud check request). */
    action: text({ enum: ["login", "signup"] }).notNull(),
    success: boolean().notNull(),
    failureReason: text(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_time_idx").on(sql`lower(${t.email})`, t.createdAt),
    index("login_attempts_ip_time_idx").on(t.ipAddress, t.createdAt),
    index("login_attempts_time_idx").on(t.createdAt.desc()),
    check("login_attempts_action_allowed", sql`${t.action} IN ('login', 'signup')`),
  ],
);

/** docs/product/accounts-and-security.md, blocked_entity: an email or IP denied until a time (null: for good). */
export const blockedEntities = pgTable(
  "blocked_entities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityType: text({ enum: BLOCKED_ENTITY_TYPES }).notNull(),
    entityValue: text().notNull(),
    reason: text().notNull(),
    blockedUntil: timestamp({ withTimezone: true }),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blocked_entities_lookup_idx").on(t.entityType, t.entityValue),
    check("blocked_entities_type_allowed", sql`${t.entityType} IN ('email', 'ip')`),
  ],
);

/** docs/product/accounts-and-security.md, suspicious_activity. */
export const suspiciousActivities = pgTable(
  "suspicious_activities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityType: text().notNull(),
    severity: text({ enum: SEVERITIES }).notNull(),
    description: text().notNull(),
    ipAddress: text(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("suspicious_activities_time_idx").on(t.createdAt.desc()),
    check(
      "suspicious_activities_severity_allowed",
      sql`${t.severity} IN ('low', 'medium', 'high', 'critical')`,
    ),
  ],
);
