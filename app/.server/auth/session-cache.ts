import { getTableName } from "drizzle-orm";
import type { Auth } from "../policy/auth";
import { lookupSessionUser, type SessionLookup, type SessionLookupOptions } from "./session-user";
import type { Database, DatabaseHandle } from "../db/client";
import { playAccounts, profiles, session, userRoles } from "../db/schema";

/** How long a looked-up session user is kept at most, in seconds. */
export const SESSION_CACHE_SECONDS = 30;
/** How many sessions are kept at most (the oldest entry leaves first). */
export const SESSION_CACHE_ENTRIES = 10_000;

/** The tables a {@link SessionUser} is read from: any write to one empties the cache. */
const SESSION_USER_TABLES = [session, profiles, userRoles, playAccounts].map(getTableName);

/** The session cookie's value (signed token), under either of its names; null without one. */
function sessionToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === "packvault.session_token" || name === "__Secure-packvault.session_token") {
      return value.join("=") || null;
    }
  }
  return null;
}

/**
 * The session lookup a server on `database` uses: {@link cachedSessionLookup} on PGlite
 * (`onWrite` set), {@link lookupSessionUser} itself (one statement a request, the header's
 * counts in it when asked for) on PostgreSQL. The cached lookup never reads the header's counts
 * (they change with every cart, wallet or inbox write): its answers have `header: null`.
 */
export function sessionLookupFor(
  auth: Auth,
  database: Pick<DatabaseHandle, "db" | "onWrite">,
  now?: () => number,
): (headers: Headers, options?: SessionLookupOptions) => Promise<SessionLookup> {
  const { db, onWrite } = database;
  return onWrite
    ? cachedSessionLookup({ auth, db, onWrite, now })
    : (headers, options) => lookupSessionUser(auth, db, headers, options);
}

/**
 * {@link lookupSessionUser} with a per-process cache keyed by the session cookie, for the
 * embedded database (PGlite), where the whole process shares one connection and the lookup's
 * two statements were a fifth of a signed-in page's
 * (docs/decisions/048-collector-pages-in-fewer-statements.md). A signed-in answer is kept
 * {@link SESSION_CACHE_SECONDS} at most, never past the session's expiry. It stays as correct
 * as the uncached lookup (a role change, a break, a sign-out, a revoked session apply on the
 * very next request) because PGlite lives in this process: every statement passes through
 * `onWrite`, and any write to sessions, profiles, user_roles or play_accounts empties the whole
 * cache before it runs; a lookup that was under way meanwhile is not stored. Not for
 * PostgreSQL, where other processes write (`DatabaseHandle.onWrite` is null there).
 * Visitors and unknown cookies are never cached. A cached answer sends no Set-Cookie (Better
 * Auth's daily extension happens on the next lookup that reaches it).
 */
export function cachedSessionLookup(options: {
  auth: Auth;
  db: Database;
  onWrite: NonNullable<DatabaseHandle["onWrite"]>;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}): (headers: Headers) => Promise<SessionLookup> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { lookup: SessionLookup; until: number }>();
  let generation = 0;
  options.onWrite(SESSION_USER_TABLES, () => {
    generation += 1;
    entries.clear();
  });
  return async (headers) => {
    const token = sessionToken(headers.get("cookie"));
    const started = now();
    const hit = token ? entries.get(token) : undefined;
    if (hit && hit.until > started) return { ...hit.lookup, setCookies: [], dataVersion: null };
    if (hit) entries.delete(token!);
    const seen = generation;
    const found = await lookupSessionUser(options.auth, options.db, headers);
    if (token && found.user && found.expiresAt && seen === generation) {
      const until = Math.min(started + SESSION_CACHE_SECONDS * 1000, found.expiresAt.getTime());
      entries.set(token, { lookup: found, until });
      if (entries.size > SESSION_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    return found;
  };
}
