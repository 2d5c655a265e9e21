import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "~/.server/policy/auth";
import { sessionLookupFor } from "~/.server/auth/session-cache";
import type { SessionUser } from "~/.server/auth/session-user";
import type { HeaderCounts } from "~/.server/account/header-counts";
import type { DatabaseHandle } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import { clientIp } from "~/.server/http/client-ip";
import { originCheck } from "~/.server/http/origin-check";
import { NONCE_PLACEHOLDER, pageCache } from "~/.server/http/page-cache";
import { sessionPageCache } from "~/.server/http/session-page-cache";
import { readDataVersion } from "~/.server/db/data-version";
import { routerHandler } from "~/.server/http/router-handler";
import { requestLimits } from "~/.server/http/request-limits";
import { requestMetrics } from "~/.server/http/request-metrics";
import { securityHeaders } from "~/.server/http/security-headers";
import type { Background } from "./background";
import type { PageStoreHandle } from "./page-store";

/**
 * Paths that never need the session (static files, generated art, photos, probes, the public draw
 * logs and odds texts, which must carry no session cookie since shared caches may keep them, and
 * the one-click unsubscribe, authorised by its signed link alone).
 */
const SESSIONLESS =
  /^\/(assets|art|media|live|fairness\/odds)\/|^\/(healthz|readyz|favicon\.svg|robots\.txt|sitemap\.xml|unsubscribe\/one-click)$|^\/pack\/\d+\/draws\.(json|csv)$/;

declare module "express-serve-static-core" {
  interface Request {
    sessionUser?: SessionUser | null;
    /** The header's counts, read with the session for a GET (null otherwise). */
    headerCounts?: HeaderCounts | null;
    /** The database's data version the session lookup read (null: it read none). */
    dataVersion?: string | null;
  }
}

/** What the Express application is built from ({@link createExpressApp}). */
export type AppParts = {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  auth: Auth;
  background: Background;
  pages: PageStoreHandle | null;
  getBuild: () => Promise<ServerBuild>;
  /** Production: the built client assets. */
  clientDir?: string;
  /** Development: Vite in middleware mode. */
  vite?: ViteDevServer;
};

/** URL paths of the files in the client build outside `/assets` (`/favicon.svg`, ...). */
function publicFiles(clientDir: string): Set<string> {
  return new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name))}`)
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => !file.startsWith("/assets/")),
  );
}

/**
 * The request log: the proxy's X-Request-Id when a proxy is trusted (nginx sets it,
 * deploy/nginx.conf), else a new one, echoed in the response so a client's report finds the log
 * lines; 5xx at error and 4xx at warn, so an operator at LOG_LEVEL=warn still sees them.
 */
function requestLog(env: Env, log: Logger) {
  return pinoHttp({
    logger: log,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = env.TRUST_PROXY > 0 ? req.headers["x-request-id"] : undefined;
      const id = typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    // pino-http logs every response at info, 5xx too: an operator at LOG_LEVEL=warn must
    // still see the server errors (and the client errors that hint at abuse).
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  });
}

/**
 * The edge of every request before the pages: metrics, method and body limits, the proxy's
 * trust, compression, security headers, the probes (`/healthz`, `/readyz`: 503 when the database
 * does not answer), the built assets (or Vite's middleware), the request log, the origin check
 * and the client address.
 */
function mountEdge(
  app: express.Express,
  { env, log, database, getBuild, vite, clientDir }: AppParts,
) {
  app.disable("x-powered-by");
  app.use(requestMetrics(getBuild));
  // Before anything reads a body: 405 for other methods, 413 for a body over 1 MB (or over the
  // upload limit of a path that takes files, app/.server/http/upload-limits.ts).
  app.use(requestLimits());
  // req.ip: the socket address, or X-Forwarded-For within TRUST_PROXY hops (0: never believed).
  app.set("trust proxy", env.TRUST_PROXY);
  // The live sales feed is a stream of small events: compressing it would buffer them.
  app.use(
    compression({
      filter: (req, res) =>
        !["/live/sales", "/notifications/live"].includes(req.path) && compression.filter(req, res),
    }),
  );
  app.use(securityHeaders(env));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    try {
      await database.ping();
      res.json({ status: "ready", database: database.driver });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
  }

  app.use(requestLog(env, log));
  app.use(originCheck(env));
  // X-Forwarded-For becomes the address Express trusts (req.ip), for everything downstream.
  app.use(clientIp());
}

/**
 * The Express application of one instance: the edge ({@link mountEdge}), visitors' pages from the
 * page cache ahead of the session lookup (docs/decisions/014-page-cache-and-nonces.md), the other
 * public files, the session, signed-in pages kept per session
 * (docs/decisions/062-signed-in-page-cache.md), then React Router.
 */
export function createExpressApp(parts: AppParts): express.Express {
  const { env, log, database, auth, background, pages, getBuild, vite, clientDir } = parts;
  const app = express();
  mountEdge(app, parts);

  const loadContext = (req: express.Request, cspNonce: string): AppLoadContext => ({
    db: database.db,
    log: req.log,
    env,
    auth,
    salesFeed: background.salesFeed,
    user: req.sessionUser ?? null,
    headerCounts: req.headerCounts ?? null,
    clientIp: req.ip ?? null,
    cspNonce,
    drawLogTagKey: background.tagKey,
    unsubscribeKey: background.mailKey,
  });

  // Visitors' pages from the page cache (production only: development reloads modules), ahead
  // of the session lookup (docs/decisions/014-page-cache-and-nonces.md).
  if (pages) {
    app.use(
      pageCache({
        store: pages.store,
        getBuild,
        mode: env.NODE_ENV,
        log,
        // A render for everyone: no user, no client address, the nonce's placeholder.
        getLoadContext: (req) => ({
          ...loadContext(req, NONCE_PLACEHOLDER),
          user: null,
          headerCounts: null,
          clientIp: null,
          completeRender: true,
        }),
      }),
    );
  }

  // The other public files (favicon, ...) after the page cache. Only the paths of files the
  // build holds reach express.static: any other request would cost a failed stat.
  if (!vite && clientDir) {
    const files = publicFiles(clientDir);
    const serveFile = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  }

  // Resolve the session once per request; forward Better Auth's refreshed cookie, so a session
  // in use keeps being extended and an idle one expires. On PGlite (one process, one
  // connection) through a cache that any write to the session user's tables empties. On
  // PostgreSQL a GET reads the header's counts in the same statement (an action's page reads
  // them after the action, in its root loader): docs/decisions/059-header-with-the-session.md.
  const lookup = sessionLookupFor(auth, database);
  app.use(async (req, res, next) => {
    req.sessionUser = null;
    req.headerCounts = null;
    req.dataVersion = null;
    if (SESSIONLESS.test(req.path)) return next();
    try {
      const withHeader = req.method === "GET" || req.method === "HEAD";
      const found = await lookup(fromNodeHeaders(req.headers), { withHeader });
      for (const cookie of found.setCookies) res.append("Set-Cookie", cookie);
      req.sessionUser = found.user;
      req.headerCounts = found.header;
      req.dataVersion = found.dataVersion;
      next();
    } catch (error) {
      next(error);
    }
  });

  // Signed-in pages that opted in, kept per session while the database has not changed
  // (production only, as the visitors' cache): docs/decisions/062-signed-in-page-cache.md.
  if (pages) {
    app.use(
      sessionPageCache({
        getBuild,
        mode: env.NODE_ENV,
        getLoadContext: (req, res) => loadContext(req, res.locals.cspNonce),
        readDataVersion: () => readDataVersion(database.db),
      }),
    );
  }

  app.all(
    "/{*path}",
    routerHandler({
      getBuild,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => loadContext(req, res.locals.cspNonce),
    }),
  );
  return app;
}
