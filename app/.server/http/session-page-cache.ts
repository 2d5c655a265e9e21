import { LRUCache } from "lru-cache";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { sessionPagePolicy, type SessionPagePolicy } from "~/lib/session-page-cache";
import { sessionPageCacheRequests } from "../metrics";
import { pageBytes, type RenderedPage } from "../page-cache/store";
import { cookieNames, leafRoute, pageCacheKey, renderedPageOf, writeWithNonce } from "./page-cache";
import {
  PRIVATE_CACHE_CONTROL,
  buildRequestHandler,
  requestUrl,
  serveRequest,
} from "./router-handler";

/** Bytes of kept pages per process at most (the least recently used leave first). */
export const SESSION_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The cookies a kept signed-in page may be requested with: the session's own (Better Auth's
 * token, its signed cookie cache and its "don't remember me" mark, which change no page) and the
 * sidebar's state (in the key). Any other cookie (a flash toast, a two-factor challenge) makes
 * the request render.
 */
const SESSION_PAGE_COOKIES = new Set(
  ["session_token", "session_data", "dont_remember"]
    .flatMap((name) => [`packvault.${name}`, `__Secure-packvault.${name}`])
    .concat("sidebar:state"),
);

/** A kept answer: the data version it was rendered at, and until when it may be served. */
type Entry = { page: RenderedPage; version: string; until: number };

/**
 * Whether a request may be answered from its session's kept pages: a GET from a signed-in user
 * (the session lookup ran), without Authorization, with no cookie but
 * {@link SESSION_PAGE_COOKIES}.
 */
export function isSessionPageRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" || !req.sessionUser || req.headers.authorization) return false;
  return cookieNames(req.headers.cookie).every((name) => SESSION_PAGE_COOKIES.has(name));
}

/** What the deepest route matching `pathname` declares for signed-in pages, or null. */
function sessionPolicyFor(build: ServerBuild, pathname: string): SessionPagePolicy | null {
  const leaf = leafRoute(build, pathname);
  return leaf ? sessionPagePolicy(build.routes[leaf.id]?.module.handle) : null;
}

/** Sends a kept page as React Router sent it, with this response's nonce. */
function sendKept(res: ExpressResponse, page: RenderedPage): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  res.setHeader("X-Cache", "HIT");
  sessionPageCacheRequests.inc({ result: "hit" });
  writeWithNonce(res, page.parts, res.locals.cspNonce);
}

/**
 * Express middleware keeping signed-in pages per session while the database does not change
 * (docs/decisions/062-signed-in-page-cache.md). Mount it after the session lookup (which sets
 * `req.sessionUser` and, on PostgreSQL, `req.dataVersion` from its own statement) and before
 * React Router. A request that is not {@link isSessionPageRequest}, or whose route did not opt
 * in with a `sessionPageCache` handle, goes on to `next`. Otherwise its key is the session id,
 * the URL (query sorted) and the sidebar's state, and it is answered:
 * - HIT: a kept answer of the key rendered at the same data version (`req.dataVersion`, or
 *   `readDataVersion()` when the lookup read none) and younger than the route's `ttlSeconds`,
 *   with a fresh nonce;
 * - after a render of the key already under way at the same data version, that render's
 *   answer (one render for a burst of requests);
 * - MISS: rendered and streamed as usual with `getLoadContext(req, res)`; a 200 answer without
 *   Set-Cookie is copied as it streams and kept, split on this response's nonce.
 * Kept answers live in this process, at most {@link SESSION_PAGE_CACHE_BYTES}.
 */
export function sessionPageCache({
  getBuild,
  mode,
  getLoadContext,
  readDataVersion,
  now = Date.now,
}: {
  getBuild: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The database's data version now (app/.server/db/data-version.ts). */
  readDataVersion: () => Promise<string>;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}): RequestHandler {
  const handle = buildRequestHandler(getBuild, mode);
  const kept = new LRUCache<string, Entry>({
    maxSize: SESSION_PAGE_CACHE_BYTES,
    sizeCalculation: (entry, key) => pageBytes(entry.page) + key.length + 64,
  });
  /** key -> the render under way: its data version and its answer once read (null: not kept). */
  const rendering = new Map<string, { version: string; entry: Promise<Entry | null> }>();

  const fresh = (entry: Entry | null | undefined, version: string): entry is Entry =>
    Boolean(entry && entry.version === version && entry.until > now());

  /**
   * Renders and sends the page; returns its kept entry once the whole answer was read (null
   * when it may not be kept: not a 200, a Set-Cookie, an aborted render).
   */
  const render = async (
    req: ExpressRequest,
    res: ExpressResponse,
    version: string,
    policy: SessionPagePolicy,
  ): Promise<Entry | null> => {
    const started = now();
    const nonce = Buffer.from(res.locals.cspNonce as string);
    let copied: Promise<Entry | null> = Promise.resolve(null);
    res.setHeader("X-Cache", "MISS");
    sessionPageCacheRequests.inc({ result: "miss" });
    await serveRequest(req, res, handle, getLoadContext(req, res), (response) => {
      if (response.status !== 200 || !response.body || response.headers.has("set-cookie")) {
        return response;
      }
      const [toClient, copy] = response.body.tee();
      copied = new globalThis.Response(copy)
        .arrayBuffer()
        .then((body) => ({
          page: renderedPageOf(response, Buffer.from(body), nonce),
          version,
          until: started + policy.ttlSeconds * 1000,
        }))
        .catch(() => null);
      return new globalThis.Response(toClient, response);
    });
    return copied;
  };

  return async (req, res, next) => {
    try {
      if (!isSessionPageRequest(req)) return next();
      const policy = sessionPolicyFor(await getBuild(), req.path);
      if (!policy) return next();
      const version = req.dataVersion ?? (await readDataVersion());
      const key = `${req.sessionUser!.sessionId}|${pageCacheKey(requestUrl(req), req.headers.cookie)}`;
      const found = kept.get(key);
      if (fresh(found, version)) return sendKept(res, found.page);
      const under = rendering.get(key);
      if (under?.version === version) {
        const shared = await under.entry.catch(() => null);
        if (fresh(shared, version)) return sendKept(res, shared.page);
      }
      const entry = render(req, res, version, policy);
      const slot = { version, entry };
      rendering.set(key, slot);
      try {
        const done = await entry;
        if (done) kept.set(key, done);
      } finally {
        if (rendering.get(key) === slot) rendering.delete(key);
      }
    } catch (error) {
      next(error);
    }
  };
}
