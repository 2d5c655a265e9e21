import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { fromNodeHeaders } from "better-auth/node";
import { createAuth, type Auth } from "~/.server/policy/auth";
import { MissingSecretError, resolveAuthSecret } from "~/.server/auth/secret";
import { seedUsers } from "~/.server/setup/seed-users";
import { sessionLookupFor } from "~/.server/auth/session-cache";
import type { SessionUser } from "~/.server/auth/session-user";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { seedIfEmpty } from "~/.server/setup/seed";
import { seedDemoActivity } from "~/.server/setup/seed/demo-activity";
import { EnvError, parseEnv, type Env } from "~/.server/env";
import { clientIp } from "~/.server/http/client-ip";
import { originCheck } from "~/.server/http/origin-check";
import { NONCE_PLACEHOLDER, pageCache } from "~/.server/http/page-cache";
import { pageCacheEdge } from "~/.server/http/page-cache-edge";
import { routerHandler } from "~/.server/http/router-handler";
import {
  createPageInvalidation,
  registerPageInvalidation,
} from "~/.server/page-cache/invalidation";
import { PageStore } from "~/.server/page-cache/store";
import { requestLimits } from "~/.server/http/request-limits";
import { securityHeaders } from "~/.server/http/security-headers";
import { createLogger } from "~/.server/logger";
import { createMailer, smtpTransport } from "~/.server/mail/mailer";
import { createSalesFeed } from "~/.server/sales-feed";
import { systemCtx } from "~/.server/context";
import { countJobsByStatus, startJobWorker } from "~/.server/queue/queue";
import {
  answerClusterMetrics,
  clusterMetrics,
  ownMetrics,
  reportJobQueue,
  serveMetrics,
} from "~/.server/metrics";
import { requestMetrics } from "~/.server/http/request-metrics";
import { RECURRING_JOBS, systemJobHandlers } from "~/.server/jobs/system-jobs";
import { RESERVE_JOBS, reserveJobHandlers } from "~/.server/reserves/jobs";
import { mailJobHandlers } from "~/.server/mail/mail-jobs";
import { announcementJobHandlers } from "~/.server/notifications/announcements";
import { eventReminderJobHandlers } from "~/.server/catalog/event-news";
import { unsubscribeKey } from "~/.server/mail/unsubscribe";
import { registerLiveSignal } from "~/.server/live-signals";
import { drawLogTagKey } from "~/.server/packs/draw-log";

type StartOptions = {
  rootDir: string;
  /**
   * The database is migrated and seeded already ({@link prepare} ran in the cluster primary):
   * skip those steps, which must not race between workers.
   */
  prepared?: boolean;
  /** Production: the built client assets. */
  clientDir?: string;
  /** Development: Vite in middleware mode. */
  vite?: ViteDevServer;
};

const SHUTDOWN_GRACE_MS = 10_000;
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
  }
}

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

/** The validated configuration and auth secret; exits with status 1 naming a bad variable. */
function configuration() {
  try {
    const env = parseEnv();
    return { env, secret: resolveAuthSecret(env) };
  } catch (error) {
    if (!(error instanceof EnvError || error instanceof MissingSecretError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Opens the configured database; an idle PostgreSQL connection's failure is logged at warn. */
function openConfigured(env: Env, log: Logger) {
  return openDatabase(
    env.DATABASE_URL
      ? {
          driver: "postgres",
          url: env.DATABASE_URL,
          onIdleClientError: (err) => log.warn({ err }, "an idle PostgreSQL connection failed"),
        }
      : { driver: "pglite", dataDir: env.DATA_DIR },
  );
}

/**
 * Migrates the database, seeds it on first start and creates the seeded accounts, under the
 * database's migration lock: instances starting together (an upgrade) take turns, and the
 * later ones find nothing left to do. Old instances keep serving meanwhile, so a migration must
 * be one the previous release runs with (README "Deploy").
 */
async function migrateAndSeed(
  database: DatabaseHandle,
  rootDir: string,
  { env, log, auth }: { env: Env; log: Logger; auth: Auth },
) {
  await database.exclusively(async () => {
    await migrateDatabase(database, migrationsDir(rootDir));
    if (await seedIfEmpty(database.db, new Date())) log.info("seeded a new database");
    // The demo collectors' activity comes with the accounts of a new shop, never later
    // (docs/decisions/026-art-and-demo-shop.md).
    const created = await seedUsers({ db: database.db, auth, env, log });
    if (created.length > 0) await seedDemoActivity(database.db, log, new Date());
  });
}

/**
 * What a cluster's primary runs once before forking workers (server.js): validates the
 * environment, migrates and seeds the database and creates the seeded accounts, then closes
 * the database. Workers then start with `prepared: true`. Exits with status 1 and a message
 * naming the variable when the configuration is invalid.
 * @returns `metricsPort`: METRICS_PORT, where the primary serves the workers' summed metrics
 * ({@link serveClusterMetrics}), or undefined.
 */
export async function prepare({
  rootDir,
}: {
  rootDir: string;
}): Promise<{ metricsPort: number | undefined }> {
  const { env, secret } = configuration();
  const log = createLogger(env);
  const database = await openConfigured(env, log);
  const auth = createAuth({ db: database.db, env, secret });
  await migrateAndSeed(database, rootDir, { env, log, auth });
  await database.close();
  return { metricsPort: env.METRICS_PORT };
}

/**
 * In a cluster's primary: serves `GET /metrics` on 127.0.0.1:`port`, every worker's metrics
 * summed (docs/decisions/027-metrics-and-topology.md).
 */
export async function serveClusterMetrics(port: number): Promise<void> {
  await serveMetrics(port, clusterMetrics());
  console.log(`Metrics on http://127.0.0.1:${port}/metrics`);
}

/**
 * Starts PackVault: validates the environment, opens, migrates and (on first start) seeds
 * the database (unless `prepared`), then serves HTTP on PORT. Exits with status 1 and a
 * message naming the variable when the configuration is invalid.
 */
export async function start({ rootDir, clientDir, vite, prepared }: StartOptions): Promise<void> {
  const { env, secret } = configuration();
  const log = createLogger(env);
  const database = await openConfigured(env, log);
  const auth = createAuth({ db: database.db, env, secret });
  if (!prepared) await migrateAndSeed(database, rootDir, { env, log, auth });
  reportJobQueue(() => countJobsByStatus(database.db));
  // A cluster worker answers the primary, which serves METRICS_PORT; a lone process serves it.
  if (prepared) answerClusterMetrics();
  const metricsServer =
    !prepared && env.METRICS_PORT ? await serveMetrics(env.METRICS_PORT, ownMetrics) : null;

  const mailer = createMailer({
    db: database.db,
    transport: smtpTransport(env.SMTP_URL),
    log,
    from: env.MAIL_FROM,
  });
  const salesFeed = createSalesFeed({ redisUrl: env.REDIS_URL, log });
  const mailKey = unsubscribeKey(secret);
  // The bell's live count and the auction pages: their changes travel over the live feed's pub/sub.
  const unregisterSignals = registerLiveSignal((topic, key) => salesFeed.signal(topic, key));
  // Background work (mail, escrow release, offer expiry, payouts, cleanup) runs from the job
  // queue on every instance; each job runs once (docs/decisions/015-job-queue.md).
  const tagKey = drawLogTagKey(secret);
  const jobWorker = startJobWorker({
    ctx: () => systemCtx(database.db, log, salesFeed),
    handlers: {
      ...systemJobHandlers,
      ...announcementJobHandlers,
      ...eventReminderJobHandlers,
      ...mailJobHandlers({ mailer, publicUrl: env.PUBLIC_URL, unsubscribeSecret: mailKey }),
      ...reserveJobHandlers(tagKey),
    },
    recurring: [...RECURRING_JOBS, ...RESERVE_JOBS],
  });
  const getBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

  const app = express();
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

  app.use(
    pinoHttp({
      logger: log,
      // The proxy's X-Request-Id when a proxy is trusted (nginx sets it, deploy/nginx.conf),
      // else a new one; echoed in the response so a client's report finds the log lines.
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
    }),
  );
  app.use(originCheck(env));
  // X-Forwarded-For becomes the address Express trusts (req.ip), for everything downstream.
  app.use(clientIp());

  const loadContext = (req: express.Request, cspNonce: string): AppLoadContext => ({
    db: database.db,
    log: req.log,
    env,
    auth,
    salesFeed,
    user: req.sessionUser ?? null,
    clientIp: req.ip ?? null,
    cspNonce,
    drawLogTagKey: tagKey,
    unsubscribeKey: mailKey,
  });

  // Visitors' pages from the page cache (production only: development reloads modules), ahead
  // of the session lookup (docs/decisions/014-page-cache-and-nonces.md).
  const pageStore =
    env.NODE_ENV === "production" && env.PAGE_CACHE_MB > 0
      ? new PageStore({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 })
      : null;
  const pageInvalidation = pageStore
    ? createPageInvalidation({ store: pageStore, redisUrl: env.REDIS_URL, log })
    : null;
  const unregisterPages = pageInvalidation ? registerPageInvalidation(pageInvalidation) : null;
  if (pageStore) {
    app.use(
      pageCache({
        store: pageStore,
        getBuild,
        mode: env.NODE_ENV,
        log,
        // A render for everyone: no user, no client address, the nonce's placeholder.
        getLoadContext: (req) => ({
          ...loadContext(req, NONCE_PLACEHOLDER),
          user: null,
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
  // connection) through a cache that any write to the session user's tables empties.
  const lookup = sessionLookupFor(auth, database);
  app.use(async (req, res, next) => {
    req.sessionUser = null;
    if (SESSIONLESS.test(req.path)) return next();
    try {
      const found = await lookup(fromNodeHeaders(req.headers));
      for (const cookie of found.setCookies) res.append("Set-Cookie", cookie);
      req.sessionUser = found.user;
      next();
    } catch (error) {
      next(error);
    }
  });

  app.all(
    "/{*path}",
    routerHandler({
      getBuild,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => loadContext(req, res.locals.cspNonce),
    }),
  );

  // Fresh hits of the page cache are answered ahead of Express, with the same headers
  // (docs/decisions/014-page-cache-and-nonces.md, "The edge"); everything else goes through it.
  const edge =
    pageStore && !vite
      ? pageCacheEdge({ store: pageStore, build: await getBuild(), env, log })
      : null;
  const server = createServer((req, res) => {
    if (!edge?.(req, res)) void app(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    console.log(`PackVault is listening on http://localhost:${env.PORT}`);
    if (metricsServer) console.log(`Metrics on http://127.0.0.1:${env.METRICS_PORT}/metrics`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: no new connections, finishing requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    const workerStopped = jobWorker.stop();
    metricsServer?.close();
    unregisterSignals();
    // Live feed streams end now, or they would hold the server open until the grace period.
    void salesFeed.close();
    unregisterPages?.();
    void pageInvalidation?.close();
    server.close(() => {
      clearTimeout(force);
      void (async () => {
        await vite?.close();
        await workerStopped;
        await database.close();
        log.info("stopped");
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
