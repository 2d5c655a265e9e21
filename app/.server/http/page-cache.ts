import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import type { Logger } from "pino";
import {
  matchRoutes,
  type AppLoadContext,
  type Params,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { DEFAULT_SWR_SECONDS, pageCachePolicy, type PageCachePolicy } from "~/lib/page-cache";
import { pageCacheRequests } from "../metrics";
import { isStorable, type Freshness, type PageStore, type RenderedPage } from "../page-cache/store";
import {
  PRIVATE_CACHE_CONTROL,
  buildRequestHandler,
  requestUrl,
  toWebRequest,
} from "./router-handler";

/**
 * What pages are rendered with in place of the CSP nonce: random per process, letters and
 * digits only (valid in an attribute, never escaped, never guessed by a page's content). Each
 * response gets its own nonce in its place (docs/decisions/014-page-cache-and-nonces.md).
 */
export const NONCE_PLACEHOLDER = `pvnonce${randomBytes(12).toString("hex")}`;
const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER);

/** The one cookie that changes a visitor's HTML (the sidebar's state, open unless "false"). */
const SIDEBAR_COOKIE = "sidebar:state";

/** `Cache-Control` of a stored public page: browsers revalidate, shared caches keep it. */
export const publicPageCacheControl = (freshness: Freshness): string =>
  `public, max-age=0, s-maxage=${freshness.ttlSeconds}, stale-while-revalidate=${freshness.staleWhileRevalidateSeconds}`;

/** Cookie names in a Cookie header. */
export function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.slice(0, pair.includes("=") ? pair.indexOf("=") : undefined).trim())
    .filter((name) => name !== "");
}

/**
 * Whether a request is a visitor's and the same for every visitor: GET or HEAD, no
 * Authorization, and no cookie but `sidebar:state` (a session, a flash toast or a pending
 * sign-in cookie makes the page personal).
 */
export function isAnonymousRequest(req: {
  method: string;
  headers: { cookie?: string; authorization?: string };
}): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  return cookieNames(req.headers.cookie).every((name) => name === SIDEBAR_COOKIE);
}

/**
 * The cache key of a visitor's request: origin (the host is part of the page: absolute links
 * in JSON-LD), path, the query sorted by name (repeated names keep their order), and whether
 * the sidebar is closed.
 */
export function pageCacheKey(url: URL, cookieHeader: string | undefined): string {
  const query = new URLSearchParams(url.search);
  query.sort();
  const sidebar = /(?:^|;\s*)sidebar:state=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  return `${url.origin}${url.pathname}?${query.toString()}|sidebar:${sidebar === "false" ? "closed" : "open"}`;
}

/** The route tree of a build, for matching a path against the manifest. */
const trees = new WeakMap<ServerBuild, RouteObject[]>();
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? { ...node, children: attach(below) } : node;
    });
  tree = attach(children.get(undefined) ?? []);
  trees.set(build, tree);
  return tree;
}

/** The page path of a document or a data request (`/products.data` -> `/products`). */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

/** The deepest route matching a path: its id and params. */
type Leaf = { id: string; params: Params } | null;
/** Matching results per build and path (matchRoutes ranks every route on each call). */
const leaves = new WeakMap<ServerBuild, LRUCache<string, { leaf: Leaf }>>();

/**
 * The deepest route of `build` matching `pathname` (a document or a `.data` request), or null:
 * the route id labels request metrics (a bounded set, unlike paths) and picks the page policy.
 */
export function leafRoute(build: ServerBuild, pathname: string): Leaf {
  let known = leaves.get(build);
  if (!known) leaves.set(build, (known = new LRUCache({ max: 10_000 })));
  const cached = known.get(pathname);
  if (cached) return cached.leaf;
  const match = matchRoutes(routeTree(build), pagePath(pathname))?.at(-1);
  const leaf = match?.route.id ? { id: match.route.id, params: match.params } : null;
  known.set(pathname, { leaf });
  return leaf;
}

type Target = { policy: PageCachePolicy; tags: string[] } | null;

/** What the deepest matching route declares for `pathname`: its policy and tags, or null. */
export function pagePolicyFor(build: ServerBuild, pathname: string): Target {
  const leaf = leafRoute(build, pathname);
  const policy = leaf ? pageCachePolicy(build.routes[leaf.id]?.module.handle) : null;
  return policy && leaf ? { policy, tags: policy.tags?.(leaf.params) ?? [] } : null;
}

/** `body` split on every occurrence of `nonce` (the nonce left out). */
function splitOnNonce(body: Buffer, nonce: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** Writes the parts with `nonce` between them, in one corked write (no copy of the page). */
export function writeWithNonce(res: ExpressResponse, parts: Buffer[], nonce: string): void {
  const nonceBytes = Buffer.from(nonce);
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  res.setHeader("Content-Length", length + (parts.length - 1) * nonceBytes.length);
  res.cork();
  parts.forEach((part, index) => {
    if (index > 0) res.write(nonceBytes);
    res.write(part);
  });
  res.end();
  res.uncork();
}

/**
 * A Content-Type with the charset Express's `res.set` adds to a text type without one, so that
 * a stored page's headers are final whichever path sends them (page-cache-edge.ts).
 */
const withCharset = (type: string): string =>
  /^text\//i.test(type) && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;

/** A fully buffered render of a web Response, split on the nonce placeholder. */
export async function toRenderedPage(response: globalThis.Response): Promise<RenderedPage> {
  return renderedPageOf(response, Buffer.from(await response.arrayBuffer()), PLACEHOLDER_BYTES);
}

/**
 * The stored form of a render whose whole `body` was read: status, headers (Set-Cookie apart,
 * Content-Length dropped) and the body split on `nonce`, the placeholder or the nonce the render
 * was given (a random value no page content repeats).
 */
export function renderedPageOf(
  response: globalThis.Response,
  body: Buffer,
  nonce: Buffer,
): RenderedPage {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers.entries()) {
    if (name === "content-type") headers.push([name, withCharset(value)]);
    else if (name !== "set-cookie" && name !== "content-length") headers.push([name, value]);
  }
  return {
    status: response.status,
    headers,
    parts: splitOnNonce(body, nonce),
    setCookies: response.headers.getSetCookie(),
  };
}

type CacheState = "HIT" | "MISS" | "STALE";

function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: RenderedPage,
  state: CacheState,
  freshness: Freshness,
): void {
  res.status(page.status);
  for (const [name, value] of page.headers) {
    if (name !== "cache-control") res.append(name, value);
  }
  for (const cookie of page.setCookies) res.append("Set-Cookie", cookie);
  if (isStorable(page)) {
    res.setHeader("Cache-Control", publicPageCacheControl(freshness));
    res.vary("Cookie");
  } else {
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  res.setHeader("X-Cache", state);
  pageCacheRequests.inc({ result: state.toLowerCase() });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  writeWithNonce(res, page.parts, res.locals.cspNonce);
}

/**
 * Express middleware serving visitors' pages from `store` (docs/decisions/014-page-cache-and-nonces.md).
 * Mount it after the security headers (it puts `res.locals.cspNonce` into the page) and before
 * the session lookup. A request that is not {@link isAnonymousRequest}, or whose route did not
 * opt in with a `pageCache` handle, goes on to `next`. Otherwise: a fresh page is a HIT; a
 * stale one is served (STALE) while one background render refreshes it; a miss renders once
 * for all concurrent requests of the key (MISS). Renders run as a visitor with
 * `getLoadContext(req)` (no user, the nonce placeholder, the complete document).
 */
export function pageCache({
  store,
  getBuild,
  mode,
  getLoadContext,
  log,
}: {
  store: PageStore;
  getBuild: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
  log: Logger;
}): RequestHandler {
  const handle = buildRequestHandler(getBuild, mode);
  const render = async (req: ExpressRequest): Promise<RenderedPage> => {
    const headers = new Headers();
    const sidebar = /(?:^|;\s*)(sidebar:state=[^;]*)/.exec(req.headers.cookie ?? "")?.[1];
    if (sidebar) headers.set("Cookie", sidebar);
    const request = toWebRequest(req, { method: "GET", headers });
    return toRenderedPage(await handle(request, getLoadContext(req)));
  };

  return async (req, res, next) => {
    try {
      if (!isAnonymousRequest(req)) return next();
      const key = pageCacheKey(requestUrl(req), req.headers.cookie);
      // A stored page carries its route's tags and freshness: no route matching on a hit.
      const found = store.get(key);
      if (found) {
        if (!found.fresh) {
          store
            .fill(key, found.tags, found.freshness, () => render(req))
            .catch((error: unknown) => log.error({ err: error, key }, "page refresh failed"));
        }
        sendPage(req, res, found.page, found.fresh ? "HIT" : "STALE", found.freshness);
        return;
      }
      const target = pagePolicyFor(await getBuild(), req.path);
      if (!target) return next();
      const freshness: Freshness = {
        ttlSeconds: target.policy.ttlSeconds,
        staleWhileRevalidateSeconds:
          target.policy.staleWhileRevalidateSeconds ?? DEFAULT_SWR_SECONDS,
      };
      const page = await store.fill(key, target.tags, freshness, () => render(req));
      sendPage(req, res, page, "MISS", freshness);
    } catch (error) {
      next(error);
    }
  };
}
