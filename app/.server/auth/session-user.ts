import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Auth } from "../policy/auth";
import { playAccounts, profiles, session, userRoles, type UserRole } from "../db/schema";
import type { PlayAccountRow } from "../policy/play-account";
import { headerCountsFields, headerCountsOf, type HeaderCounts } from "../account/header-counts";
import { dataVersionSql } from "../db/data-version";

/** The signed-in user as every loader and action sees it (`context.user`). */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  role: UserRole;
  /** The current session's id (to tell it apart in the session list). */
  sessionId: string;
  /**
   * The user's play account row as this request read it (null: none yet), for every page's
   * pause and pack prompts (`playPromptsOf`, docs/decisions/010-responsible-play.md).
   */
  playAccount: PlayAccountRow | null;
};

/**
 * The signed-in user of session `sessionId` at `now` and the header's counts of that user
 * ({@link headerCountsFields}: cart units, wallet balance, unread notifications), in one
 * statement: the session row (still there and unexpired), its profile (name, email,
 * verification, two-factor read now, not from Better Auth's cookie cache), the role (no
 * user_roles row means 'user') and the play account; a signed-in page's session and header in
 * one round trip (docs/decisions/059-header-with-the-session.md). Also the database's data
 * version when the statement ran ({@link dataVersionSql}), which the signed-in page cache
 * compares (docs/decisions/062-signed-in-page-cache.md).
 * @returns null when the session is gone (signed out, revoked, all sessions revoked after a
 * password reset or a block) or expired.
 */
export async function readSessionUserAndHeader(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<{ user: SessionUser; header: HeaderCounts; dataVersion: string } | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      emailVerified: profiles.emailVerified,
      twoFactorEnabled: profiles.twoFactorEnabled,
      role: userRoles.role,
      playAccount: playAccounts,
      ...headerCountsFields(profiles.id),
      dataVersion: dataVersionSql,
    })
    .from(session)
    .innerJoin(profiles, eq(profiles.id, session.userId))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(playAccounts, eq(playAccounts.userId, profiles.id))
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, now)));
  if (!row) return null;
  const { cart, balance, unread, dataVersion, ...user } = row;
  return {
    user: { ...user, role: user.role ?? "user", sessionId },
    header: headerCountsOf({ cart, balance, unread }),
    dataVersion,
  };
}

/**
 * The signed-in user of session `sessionId` at `now` ({@link readSessionUserAndHeader}'s user).
 * @returns null when the session is gone or expired.
 */
export async function readSessionUser(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<SessionUser | null> {
  return (await readSessionUserAndHeader(db, sessionId, now))?.user ?? null;
}

/**
 * The signed-in user of a request with `headers`, or null without a live session. Better
 * Auth's lookup answers from its signed session_data cookie (`session.cookieCache`, its own
 * signing) and reads the database only when that is missing or older than its `maxAge`; then
 * {@link readSessionUser} reads the session row, profile, role and play account in one
 * statement, so a role change, a revoked session, a sign-out elsewhere, a block (which revokes
 * the sessions) apply on the very next request (docs/product/accounts-and-security.md,
 * docs/decisions/055-better-auth-cookie-cache.md).
 * On PGlite, server/app.ts puts `cachedSessionLookup` (session-cache.ts) in front of it.
 * @returns the user, the Set-Cookie values Better Auth sends with the answer (a session in
 * use is extended, an expired one cleared, the cookie cache renewed), and when the session
 * expires (null without a user).
 */
export async function lookupSessionUser(
  auth: Auth,
  db: Database,
  headers: Headers,
  options: SessionLookupOptions = {},
): Promise<SessionLookup> {
  const found = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = found.headers.getSetCookie();
  if (!found.response) {
    return { user: null, header: null, setCookies, expiresAt: null, dataVersion: null };
  }
  const { id, expiresAt } = found.response.session;
  const read = await readSessionUserAndHeader(db, id, new Date());
  return {
    user: read?.user ?? null,
    header: (options.withHeader && read?.header) || null,
    setCookies,
    expiresAt: read ? expiresAt : null,
    dataVersion: read?.dataVersion ?? null,
  };
}

/** What a session lookup reads besides the user. */
export type SessionLookupOptions = {
  /**
   * Also the header's counts, in the same statement ({@link readSessionUserAndHeader}): for a
   * request that renders the header (a GET), so that its root loader need not read them.
   */
  withHeader?: boolean;
};

/** A request's session lookup: {@link lookupSessionUser}'s answer. */
export type SessionLookup = {
  user: SessionUser | null;
  /** The header's counts, read now with the user; null unless asked for (or without a user). */
  header: HeaderCounts | null;
  setCookies: string[];
  expiresAt: Date | null;
  /**
   * The database's data version read in the lookup's statement, before any loader reads
   * (`dataVersionSql`, app/.server/db/data-version.ts); null when the lookup read nothing now
   * (a visitor, or an answer from PGlite's session cache).
   */
  dataVersion: string | null;
};
