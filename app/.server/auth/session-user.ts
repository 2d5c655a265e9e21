import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
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
