// The production build the HTTP benchmarks serve (storefront.js, lighthouse.js).
import { spawnSync } from "node:child_process";

/**
 * Runs `npx react-router build` in `cwd` into `buildDir` (NODE_ENV=production), for at most
 * `timeoutMs`. Returns null when it succeeded; else `{ reason, output }`: the spawn error's
 * message or "exit N", and the last 8,000 characters of its stdout and stderr.
 */
export function reactRouterBuild(cwd, buildDir, timeoutMs) {
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status === 0) return null;
  return {
    reason: result.error?.message ?? `exit ${result.status}`,
    output: `${result.stdout ?? ""}\n${result.stderr ?? ""}`.slice(-8_000),
  };
}
