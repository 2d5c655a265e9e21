import { createServer, type Server } from "node:http";
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from "prom-client";

/**
 * What an operator watches, in the Prometheus text format (prom-client), served only on the
 * loopback listener of `METRICS_PORT` (docs/decisions/027-metrics-and-topology.md). One
 * registry per process; under node:cluster the primary sums the workers' registries.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "packvault_" });

/** Seconds per HTTP request, by method, React Router route id (bounded) and status code. */
export const httpRequestDuration = new Histogram({
  name: "packvault_http_request_duration_seconds",
  help: "HTTP request duration in seconds, by method, route id and status code",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Visitors' page requests the page cache answered, by result: hit, miss or stale. */
export const pageCacheRequests = new Counter({
  name: "packvault_page_cache_requests_total",
  help: "Page cache lookups by result (hit, miss, stale)",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

/** Signed-in page cache answers (docs/decisions/062-signed-in-page-cache.md). */
export const sessionPageCacheRequests = new Counter({
  name: "packvault_session_page_cache_requests_total",
  help: "Signed-in page cache answers by result (hit, miss)",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

/**
 * Seconds per database statement: on PostgreSQL each pooled query, on PGlite each statement's
 * time on its one connection (a transaction's BEGIN, statements and COMMIT each).
 */
export const dbQueryDuration = new Histogram({
  name: "packvault_db_query_duration_seconds",
  help: "Database statement duration in seconds (PostgreSQL; PGlite: time on its one connection)",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

/**
 * Seconds a statement or transaction waited for PGlite's one connection before it ran
 * (`takeTurns`, app/.server/db/pglite-turns.ts); PostgreSQL's pool reports its queue instead.
 */
export const dbWaitDuration = new Histogram({
  name: "packvault_db_wait_seconds",
  help: "Seconds waited for the embedded database's one connection (PGlite)",
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** A connection pool's counts, as node-postgres reports them. */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };
const pools = new Set<PoolStats>();

/**
 * Reports `pool` in `packvault_db_pool_connections` until the returned function is called
 * (when the pool ends).
 */
export function watchPool(pool: PoolStats): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}

/** Each state of the pool gauge with the count it sums over the pools. */
const POOL_COUNTS = [
  ["total", "totalCount"],
  ["idle", "idleCount"],
  ["waiting", "waitingCount"],
] as const satisfies readonly (readonly [string, keyof PoolStats])[];

new Gauge({
  name: "packvault_db_pool_connections",
  help: "Database pool connections by state: total (open), idle, and waiting (clients queued for one)",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [state, count] of POOL_COUNTS) {
      this.set(
        { state },
        [...pools].reduce((total, pool) => total + pool[count], 0),
      );
    }
  },
});

/** Pack openings committed (an idempotent replay is not counted again). */
export const packOpeningsCommitted = new Counter({
  name: "packvault_pack_openings_total",
  help: "Pack openings committed",
  registers: [metricsRegistry],
});

/** Sales committed, by kind: `buyback` (the house buys a pull) or `market` (a marketplace sale). */
export const salesCommitted = new Counter({
  name: "packvault_sales_total",
  help: "Sales committed, by kind (buyback, market)",
  labelNames: ["kind"] as const,
  registers: [metricsRegistry],
});

/** Withdrawals the payment provider answered, by outcome: `paid` or `failed`. */
export const payoutsSettled = new Counter({
  name: "packvault_payouts_total",
  help: "Payouts settled by the provider, by status (paid, failed)",
  labelNames: ["status"] as const,
  registers: [metricsRegistry],
});

/** Open Server-Sent Events streams, by path (/live/sales, /notifications/live). */
export const liveStreams = new Gauge({
  name: "packvault_live_stream_clients",
  help: "Open live-feed (Server-Sent Events) streams, by path",
  labelNames: ["path"] as const,
  registers: [metricsRegistry],
});

/** Job attempts that threw, by outcome: `retry` (queued again) or `failed` (given up). */
export const jobAttemptsFailed = new Counter({
  name: "packvault_job_attempts_failed_total",
  help: "Job attempts that failed, by outcome (retry, failed)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

let countJobs: (() => Promise<Record<string, number>>) | null = null;

/** Where `packvault_jobs` reads the queue's jobs per status from (the database), at scrape time. */
export function reportJobQueue(count: () => Promise<Record<string, number>>): void {
  countJobs = count;
}

new Gauge({
  name: "packvault_jobs",
  help: "Jobs in the queue table by status (queued, running, failed); the same table for every instance",
  labelNames: ["status"] as const,
  // Every worker reads the same table: the cluster's value is one worker's, not their sum.
  aggregator: "max",
  registers: [metricsRegistry],
  async collect() {
    if (!countJobs) return;
    const counts = await countJobs();
    for (const status of ["queued", "running", "failed"]) this.set({ status }, counts[status] ?? 0);
  },
});

/**
 * Serves `GET /metrics` (the Prometheus text format from `read`) on 127.0.0.1:`port` only, and
 * 404 for anything else. Resolves once it listens.
 */
export function serveMetrics(
  port: number,
  read: () => Promise<{ text: string; contentType: string }>,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    read().then(
      ({ text, contentType }) => res.writeHead(200, { "Content-Type": contentType }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { "Content-Type": "text/plain" })
          .end(`metrics failed: ${String(error)}`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** This process's metrics (a single process, or a worker answering alone). */
export const ownMetrics = async () => ({
  text: await metricsRegistry.metrics(),
  contentType: metricsRegistry.contentType,
});

/**
 * Under node:cluster, in the primary: every worker's metrics summed (or, for the job queue,
 * the largest value), asked over the cluster's IPC channel. Workers answer once they called
 * {@link answerClusterMetrics}.
 */
export function clusterMetrics(): () => Promise<{ text: string; contentType: string }> {
  const aggregator = new AggregatorRegistry();
  return async () => ({
    text: await aggregator.clusterMetrics(),
    contentType: aggregator.contentType,
  });
}

/** In a cluster worker: answer the primary's metrics requests with this process's registry. */
export function answerClusterMetrics(): void {
  AggregatorRegistry.setRegistries([metricsRegistry]);
  // prom-client starts answering the primary's requests when a worker makes an aggregator.
  new AggregatorRegistry();
}
