import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Env } from "../env";
import { httpRequestDuration, pageCacheRequests } from "../metrics";
import type { PageStore } from "../page-cache/store";
import { isAnonymousRequest, leafRoute, pageCacheKey, publicPageCacheControl } from "./page-cache";
import { newCspNonce, securityHeaderPairs } from "./security-headers";

/** What the Express path adds to a stored page's `Vary` (the page cache, then compression). */
const VARY = "Cookie, Accept-Encoding";

/**
 * The URL Express would give the request (`requestUrl` in router-handler.ts): protocol and host
 * from X-Forwarded-Proto and X-Forwarded-Host only when a proxy is trusted.
 */
function edgeUrl(req: IncomingMessage, trustProxy: boolean): URL {
  const forwarded = (name: string): string | undefined => {
    const value = trustProxy ? req.headers[name] : undefined;
    return typeof value === "string" && value !== "" ? value.split(",")[0]!.trim() : undefined;
  };
  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const protocol = forwarded("x-forwarded-proto") ?? (encrypted ? "https" : "http");
  const forwardedHost = forwarded("x-forwarded-host");
  const host = forwardedHost ?? req.headers.host ?? "";
  const [, forwardedPort] = forwardedHost?.split(":") ?? [];
  const [, hostPort] = req.headers.host?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const portAt = host.indexOf(":", host.startsWith("[") ? host.indexOf("]") + 1 : 0);
  const hostname =
    (portAt === -1 ? host : host.slice(0, portAt)).split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${protocol}://${hostname}${port ? `:${port}` : ""}${req.url ?? "/"}`);
}

/**
 * Whether the Express path would answer the request with exactly a stored page's bytes: a
 * visitor's GET or HEAD ({@link isAnonymousRequest}) without a body and without an
 * Accept-Encoding (compression would apply otherwise).
 */
function isEdgeRequest(req: IncomingMessage): boolean {
  const accepted = req.headers["accept-encoding"];
  return (
    (accepted === undefined || accepted === "" || accepted === "identity") &&
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"] === undefined &&
    isAnonymousRequest({ method: req.method ?? "", headers: req.headers })
  );
}

/**
 * The page cache's fresh hits answered ahead of Express (docs/decisions/014-page-cache-and-nonces.md,
 * "The edge"): returns a function that answers a request whose page is stored and fresh and
 * returns true, or returns false and writes nothing (Express then handles the request: a miss,
 * a stale page, a compressed answer, anything else). An answer carries what the Express path's
 * answer carries: the stored status and headers, `Cache-Control` of a public page, `Vary`,
 * `X-Cache: HIT`, the security headers with a fresh nonce (the one put in the page),
 * `X-Request-Id` (a trusted proxy's, else a new one), the request metrics and, at `info`, the
 * request's log line.
 */
export function pageCacheEdge({
  store,
  build,
  env,
  log,
}: {
  store: PageStore;
  build: ServerBuild;
  env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "TRUST_PROXY">;
  log: Logger;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const securityHeadersFor = securityHeaderPairs(env);
  const trustProxy = env.TRUST_PROXY > 0;
  return (req, res) => {
    if (!isEdgeRequest(req)) return false;
    const url = edgeUrl(req, trustProxy);
    const found = store.get(pageCacheKey(url, req.headers.cookie));
    if (!found?.fresh) return false;
    const stop = httpRequestDuration.startTimer();
    const given = trustProxy ? req.headers["x-request-id"] : undefined;
    const requestId =
      typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    const nonce = newCspNonce();
    const nonceBytes = Buffer.from(nonce);
    const { page } = found;
    const headers: [string, string][] = [
      ...securityHeadersFor(nonce),
      ["X-Request-Id", requestId],
      ...page.headers.filter(([name]) => name !== "cache-control"),
      ["Cache-Control", publicPageCacheControl(found.freshness)],
      ["Vary", VARY],
      ["X-Cache", "HIT"],
    ];
    const bodyBytes =
      page.parts.reduce((sum, part) => sum + part.length, 0) +
      (page.parts.length - 1) * nonceBytes.length;
    if (req.method !== "HEAD") headers.push(["Content-Length", String(bodyBytes)]);
    pageCacheRequests.inc({ result: "hit" });
    const route = leafRoute(build, url.pathname)?.id ?? "unmatched";
    const started = Date.now();
    res.once("finish", () => {
      stop({ method: req.method ?? "GET", route, status: String(page.status) });
      if (log.isLevelEnabled("info")) {
        log.info(
          {
            req: { id: requestId, method: req.method, url: req.url },
            res: { statusCode: page.status },
            responseTime: Date.now() - started,
          },
          "request completed",
        );
      }
    });
    res.writeHead(page.status, headers.flat());
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    res.cork();
    page.parts.forEach((part, index) => {
      if (index > 0) res.write(nonceBytes);
      res.write(part);
    });
    res.end();
    res.uncork();
    return true;
  };
}
