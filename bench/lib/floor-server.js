// The framework floor of `npm run bench`: the minimal React Router 7 app of bench/floor, built
// into FLOOR_BUILD_DIR, served by Express with @react-router/express (React Router's own
// template, no compression, no logging), in its own process. Listens on a free loopback port
// and prints `{"port": N}` on its first stdout line. SIGTERM closes it and exits 0.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";

const buildDir = process.env.FLOOR_BUILD_DIR;
if (!buildDir) {
  console.error("FLOOR_BUILD_DIR must name the framework floor's build");
  process.exit(2);
}
const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(
  "/assets",
  express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }),
);
app.all("/{*path}", createRequestHandler({ build, mode: "production" }));

const server = app.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: server.address().port }));
});

process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
