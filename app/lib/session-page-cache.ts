/**
 * How a route declares that a signed-in user's answers may be kept for their session and served
 * again while the database has not changed (docs/decisions/062-signed-in-page-cache.md). A route
 * module opts in with `export const handle = sessionPageHandle;` and the server reads it from
 * the build's route manifest; a route without it is rendered on every request. Only a page whose
 * loaders read nothing but the database, the URL and the session may opt in: its answer is kept
 * as long as no write has committed since it was rendered, and at most `ttlSeconds`.
 */
export type SessionPagePolicy = {
  /**
   * Seconds a kept answer may be served at most, however quiet the database: what the page
   * shows of the clock (a buyback's time left, "ended", a period's limit) is at most this old.
   */
  ttlSeconds: number;
};

/** The shape of a route module's `handle` that opts in. */
export type SessionPageHandle = { sessionPageCache: SessionPagePolicy };

/** Seconds a signed-in page is kept at most (its clock-dependent parts are this old at most). */
export const SESSION_PAGE_TTL_SECONDS = 5;

/** The `handle` of a signed-in page that may be kept for its session. */
export const sessionPageHandle: SessionPageHandle = {
  sessionPageCache: { ttlSeconds: SESSION_PAGE_TTL_SECONDS },
};

/** Reads a route's policy from its `handle`; null when the route did not opt in. */
export function sessionPagePolicy(handle: unknown): SessionPagePolicy | null {
  if (typeof handle !== "object" || handle === null || !("sessionPageCache" in handle)) {
    return null;
  }
  const policy = (handle as SessionPageHandle).sessionPageCache;
  return policy && policy.ttlSeconds > 0 ? policy : null;
}
