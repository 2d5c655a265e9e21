import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import { userRoles, type UserRole } from "../db/schema";

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
};

/** Adds the user's role (no user_roles row means 'user') to a Better Auth session. */
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
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, session.user.id));
  return {
    id: session.user.id,
    email: session.user.email,
    fullName: session.user.name,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: session.user.twoFactorEnabled ?? false,
    role: row?.role ?? "user",
    sessionId: session.session.id,
  };
}

/**
 * The signed-in user of a request with `headers`, or null without a live session: Better Auth's
 * lookup (the session and its profile in one joined statement, `advanced.database.joins`), then
 * the role (one statement). Nothing is cached between requests, so a role change, a revoked
 * session or a sign-out applies on the very next request
 * (docs/product/accounts-and-security.md).
 * @returns the user, and the Set-Cookie values Better Auth sends with the answer (a session in
 * use is extended, an expired one cleared).
 */
export async function lookupSessionUser(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  const found = await auth.api.getSession({ headers, returnHeaders: true });
  const user = found.response ? await toSessionUser(db, found.response) : null;
  return { user, setCookies: found.headers.getSetCookie() };
}
