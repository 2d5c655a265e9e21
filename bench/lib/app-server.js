// How the HTTP benchmarks start the app (storefront.js, lighthouse.js).
import { LOOPBACK } from "./processes.js";

/**
 * The environment of the app's production server (`node server.js`, as `npm start` runs it) on
 * the loopback `port`, its embedded database in `dataDir` and its build in `buildDir`, logging
 * warnings only. A self-contained run: in-process state, no mail, no dev pages (DATABASE_URL,
 * REDIS_URL, SMTP_URL, DEV_TOOLS and WEB_CONCURRENCY are left out).
 */
export function productionAppEnv({ port, dataDir, buildDir }) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
  };
  for (const name of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "DEV_TOOLS", "WEB_CONCURRENCY"]) {
    delete env[name];
  }
  return env;
}
