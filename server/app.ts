import { createServer } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createAuth, type Auth } from "~/.server/policy/auth";
import { MissingSecretError, resolveAuthSecret } from "~/.server/auth/secret";
import { seedUsers } from "~/.server/setup/seed-users";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { seedIfEmpty } from "~/.server/setup/seed";
import { seedDemoActivity } from "~/.server/setup/seed/demo-activity";
import { EnvError, parseEnv, type Env } from "~/.server/env";
import { pageCacheEdge } from "~/.server/http/page-cache-edge";
import { createLogger } from "~/.server/logger";
import { countJobsByStatus } from "~/.server/queue/queue";
import {
  answerClusterMetrics,
  clusterMetrics,
  ownMetrics,
  reportJobQueue,
  serveMetrics,
} from "~/.server/metrics";
import { startBackground } from "./background";
import { createExpressApp } from "./express-app";
import { openPageStore } from "./page-store";
import { stopOnSignals } from "./shutdown";

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

  const background = startBackground({ database, env, log, secret });
  const getBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const pages = openPageStore(env, log);
  const app = createExpressApp({
    env,
    log,
    database,
    auth,
    background,
    pages,
    getBuild,
    clientDir,
    vite,
  });

  // Fresh hits of the page cache are answered ahead of Express, with the same headers
  // (docs/decisions/014-page-cache-and-nonces.md, "The edge"); everything else goes through it.
  const edge =
    pages && !vite
      ? pageCacheEdge({ store: pages.store, build: await getBuild(), env, log })
      : null;
  const server = createServer((req, res) => {
    if (!edge?.(req, res)) void app(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    console.log(`PackVault is listening on http://localhost:${env.PORT}`);
    if (metricsServer) console.log(`Metrics on http://127.0.0.1:${env.METRICS_PORT}/metrics`);
  });
  stopOnSignals({ server, log, database, background, pages, metricsServer, vite });
}
