import type { Server } from "node:http";
import type { Logger } from "pino";
import type { ViteDevServer } from "vite";
import type { DatabaseHandle } from "~/.server/db/client";
import type { Background } from "./background";
import type { PageStoreHandle } from "./page-store";

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * On SIGTERM or SIGINT (once): stops taking connections, lets the requests in flight finish
 * (connections still open after 10 s are closed), stops the job worker, the metrics server,
 * the live feed and the page cache's invalidation, then closes Vite and the database and exits
 * with status 0.
 */
export function stopOnSignals({
  server,
  log,
  database,
  background,
  pages,
  metricsServer,
  vite,
}: {
  server: Server;
  log: Logger;
  database: DatabaseHandle;
  background: Background;
  pages: PageStoreHandle | null;
  metricsServer: Server | null;
  vite?: ViteDevServer;
}): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: no new connections, finishing requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    const workerStopped = background.jobWorker.stop();
    metricsServer?.close();
    background.unregisterSignals();
    // Live feed streams end now, or they would hold the server open until the grace period.
    void background.salesFeed.close();
    pages?.unregister();
    void pages?.invalidation.close();
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
