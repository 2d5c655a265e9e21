// Entry point for `npm start` and `npm run dev`. Production: builds once when there is no
// build, then runs the bundled server (server/app.ts). Development: Vite middleware with HMR.
import { spawnSync } from "node:child_process";
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
  if (!existsSync(entry)) {
    console.log(`No build in ${buildDir}; building it once (npm run build)...`);
    const result = spawnSync("npx", ["react-router", "build"], { cwd: rootDir, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const { start } = await import(pathToFileURL(entry).href);
  await start({ rootDir, clientDir: path.join(buildDir, "client") });
}
