import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Auth } from "../policy/auth";
import { playAccounts, profiles, userRoles, type UserRole } from "../db/schema";
import type { PlayAccountRow } from "../policy/play-account";

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
 * Adds the user's role (no user_roles row means 'user') and play account to a Better Auth
 * session, in one statement (both are keyed by the user's id).
 */
export async function toSessionUser(
  db: Database,
  session: {
    session: { id: string };
    user: {
      id: string;
      email: string;
      name: string;
      emailVerified: boolean;
      twoFactorEnabled?: boolean | null;
    };
  },
): Promise<SessionUser> {
  const [row] = await db
    .select({ role: userRoles.role, playAccount: playAccounts })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(playAccounts, eq(playAccounts.userId, profiles.id))
    .where(eq(profiles.id, session.user.id));
  return {
    id: session.user.id,
    email: session.user.email,
    fullName: session.user.name,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: session.user.twoFactorEnabled ?? false,
    role: row?.role ?? "user",
    sessionId: session.session.id,
    playAccount: row?.playAccount ?? null,
  };
}

/**
 * The signed-in user of a request with `headers`, or null without a live session: Better Auth's
 * lookup (the session and its profile in one joined statement, `advanced.database.joins`), then
 * the role and play account (one statement). Nothing is cached between requests, so a role change, a revoked
 * session or a sign-out applies on the very next request
 * (docs/product/accounts-and-security.md).
 * On PGlite, server/app.ts puts `cachedSessionLookup` (session-cache.ts) in front of it.
 * @returns the user, the Set-Cookie values Better Auth sends with the answer (a session in
 * use is extended, an expired one cleared), and when the session expires (null without one).
 */
export async function lookupSessionUser(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<SessionLookup> {
  const found = await auth.api.getSession({ headers, returnHeaders: true });
  const user = found.response ? await toSessionUser(db, found.response) : null;
  return {
    user,
    setCookies: found.headers.getSetCookie(),
    expiresAt: found.response?.session.expiresAt ?? null,
  };
}

/** A request's session lookup: {@link lookupSessionUser}'s answer. */
export type SessionLookup = {
  user: SessionUser | null;
  setCookies: string[];
  expiresAt: Date | null;
};
