import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { identityKey, stampedNow, allowedValues } from "./columns";

export const BLOCKED_ENTITY_TYPES = ["email", "ip"] as const;
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;

/** docs/product/accounts-and-security.md, login_attempt: every sign-in and sign-up attempt. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: identityKey(),
    email: text().notNull(),
    /** 'login' or 'signup' (docs/product/accounts-and-security.md, fraud check request). */
    action: text({ enum: ["login", "signup"] }).notNull(),
    success: boolean().notNull(),
    failureReason: text(),
    ipAddress: text(),
    createdAt: stampedNow(),
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
    id: identityKey(),
    entityType: text({ enum: BLOCKED_ENTITY_TYPES }).notNull(),
    entityValue: text().notNull(),
    reason: text().notNull(),
    blockedUntil: timestamp({ withTimezone: true }),
    createdBy: text(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("blocked_entities_lookup_idx").on(t.entityType, t.entityValue),
    allowedValues("blocked_entities_type_allowed", t.entityType, BLOCKED_ENTITY_TYPES),
  ],
);

/** docs/product/accounts-and-security.md, suspicious_activity. */
export const suspiciousActivities = pgTable(
  "suspicious_activities",
  {
    id: identityKey(),
    activityType: text().notNull(),
    severity: text({ enum: SEVERITIES }).notNull(),
    description: text().notNull(),
    ipAddress: text(),
    email: text(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("suspicious_activities_time_idx").on(t.createdAt.desc()),
    allowedValues("suspicious_activities_severity_allowed", t.severity, SEVERITIES),
  ],
);
