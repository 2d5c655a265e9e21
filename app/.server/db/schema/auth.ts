import { relations } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { stampedNow, allowedValues } from "./columns";

// Tables managed by Better Auth through its Drizzle adapter. The JS keys (`profiles`,
// `session`, `account`, `verification`, `twoFactor`, `rateLimit`) are the adapter's model
// names (see app/.server/policy/auth.ts); property names are Better Auth's field names.

const timestamps = {
  createdAt: stampedNow(),
  updatedAt: stampedNow(),
};

/** A collector's account and profile (spec: profiles id, email, full_name). */
export const profiles = pgTable("profiles", {
  id: text().primaryKey(),
  fullName: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  twoFactorEnabled: boolean().notNull().default(false),
  // Not Better Auth's: written by app/.server/account only.
  shippingStreet: text(),
  shippingCity: text(),
  shippingState: text(),
  shippingZip: text(),
  emailNewArrivals: boolean().notNull().default(true),
  emailOrderUpdates: boolean().notNull().default(true),
  emailEventNotifications: boolean().notNull().default(false),
  /** docs/product/rewards.md: shown on the leaderboard as 'Anonymous' instead of by name. */
  leaderboardAnonymous: boolean().notNull().default(false),
  /**
   * docs/product/rewards.md: shown on the leaderboard by full name; otherwise (the default) by
   * initials, unless anonymous.
   */
  leaderboardFullName: boolean().notNull().default(false),
  /** `YYYY-MM-DD`; 18 or older (docs/decisions/010-responsible-play.md); null until confirmed. */
  dateOfBirth: date({ mode: "string" }),
  /**
   * A demo collector seeded on a new install (docs/decisions/026-art-and-demo-shop.md): shown
   * with a "Demo collector" mark wherever their name appears.
   */
  isDemo: boolean().notNull().default(false),
  ...timestamps,
});

/**
 * `text REFERENCES profiles(id) ON DELETE <onDelete>`: a collector's id; "cascade" for what is
 * theirs alone, "set null" for a record that outlives their account (a sale, a bid).
 */
export const profileRef = (onDelete: "cascade" | "set null") =>
  text().references(() => profiles.id, { onDelete });

export const USER_ROLES = ["user", "moderator", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** One role per user (docs/product/accounts-and-security.md, user_role); no row means 'user'. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: profileRef("cascade").primaryKey(),
    role: text({ enum: USER_ROLES }).notNull().default("user"),
    updatedAt: stampedNow(),
  },
  (t) => [allowedValues("user_roles_role_allowed", t.role, USER_ROLES)],
);

export const session = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    userId: profileRef("cascade").notNull(),
    ...timestamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: profileRef("cascade").notNull(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/**
 * A profile's sessions and accounts, a session's and an account's profile: Better Auth's joined
 * lookups (`advanced.database.joins` in app/.server/policy/auth.ts) read a session with its user,
 * or a user with their accounts, in one statement instead of two. The keys are the names Better
 * Auth asks for (its user model is `profiles`).
 */
export const profilesRelations = relations(profiles, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  profiles: one(profiles, { fields: [session.userId], references: [profiles.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  profiles: one(profiles, { fields: [account.userId], references: [profiles.id] }),
}));

export const verification = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factors",
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: profileRef("cascade").notNull(),
    verified: boolean().default(false),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

/** Better Auth's rate-limit counters, in the database so every instance shares them. */
export const rateLimit = pgTable("auth_rate_limits", {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: "number" }).notNull(),
});
