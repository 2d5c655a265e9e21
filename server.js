// Entry point for `npm start` and `npm run dev`. Production: builds once when there is no
// build, then runs the bundled server (server/app.ts); with DATABASE_URL as a `node:cluster`
// primary with one worker per core (WEB_CONCURRENCY), since the embedded database (PGlite)
// lives in one process. Development: Vite middleware with HMR, one process.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const dev = process.env.NODE_ENV === "development";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true } });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ rootDir, vite });
} else {
  process.env.NODE_ENV ??= "production";
  const buildDir = path.resolve(rootDir, process.env.BUILD_DIR || "build");
  const entry = path.join(buildDir, "server", "index.js");
  if (cluster.isPrimary && !existsSync(entry)) {
    console.log(`No build in ${buildDir}; building it once (npm run build)...`);
    const result = spawnSync("npx", ["react-router", "build"], { cwd: rootDir, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const { start, prepare, serveClusterMetrics } = await import(pathToFileURL(entry).href);
  const clientDir = path.join(buildDir, "client");
  if (!process.env.DATABASE_URL) {
    if (process.env.WEB_CONCURRENCY && process.env.WEB_CONCURRENCY !== "1") {
      console.log("WEB_CONCURRENCY is ignored: the embedded database runs in one process.");
    }
    await start({ rootDir, clientDir });
  } else if (cluster.isPrimary) {
    const { runPrimary, workerCount } = await import("./server/cluster.js");
    let workers;
    try {
      workers = workerCount();
    } catch (error) {
      console.error(`Invalid configuration:\n  ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
    // Migrations, the first seed and the seeded accounts run once, before any worker.
    const { metricsPort } = await prepare({ rootDir });
    runPrimary({ workers });
    // The workers' metrics, summed, on the loopback METRICS_PORT (never the public port).
    if (metricsPort) await serveClusterMetrics(metricsPort);
  } else {
    await start({ rootDir, clientDir, prepared: true });
  }
}
