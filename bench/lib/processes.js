// Child processes, ports and HTTP probes for the benchmarks. Loopback only.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

export const LOOPBACK = "127.0.0.1";

/** A TCP port that was free on the loopback interface a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <args>` with its output drained into a bounded tail (so a chatty child never
 * blocks on a full pipe) and returns a handle: `tail()` gives the last output for diagnostics,
 * `exited` resolves with `{ code, signal }`, `onLine(fn)` sees every stdout line.
 */
export function spawnNode(args, { env, cwd, tailBytes = 16_384 } = {}) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const lineListeners = [];
  let partial = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-tailBytes);
  };
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    keep(chunk);
    if (lineListeners.length === 0) return;
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) for (const fn of lineListeners) fn(line);
  });
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
    child.on("error", (error) => resolve({ code: null, signal: null, error }));
  });
  let status = null;
  exited.then((s) => (status = s));
  return {
    child,
    exited,
    /** `null` while the process runs, then its `{ code, signal }`. */
    status: () => status,
    tail: () => output,
    onLine: (fn) => lineListeners.push(fn),
  };
}

/**
 * Sends SIGTERM and waits up to `graceMs` for the process to exit by itself.
 * Returns `{ graceful, code, signal, ms }`; a process that does not exit in time is SIGKILLed
 * and reported as not graceful.
 */
export async function stopProcess(handle, graceMs = 15_000) {
  const started = Date.now();
  if (handle.status()) return { graceful: false, ...handle.status(), ms: 0, alreadyExited: true };
  handle.child.kill("SIGTERM");
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), graceMs);
  });
  const status = await Promise.race([handle.exited, timeout]);
  clearTimeout(timer);
  if (status) {
    return {
      graceful: status.code === 0 && status.signal === null,
      ...status,
      ms: Date.now() - started,
    };
  }
  handle.child.kill("SIGKILL");
  const killed = await handle.exited;
  return { graceful: false, ...killed, ms: Date.now() - started, killed: true };
}

/** GET a loopback URL without Accept-Encoding (as autocannon sends it): status, headers, body. */
export function get(url, { timeoutMs = 10_000, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/**
 * Polls `url` until it answers 200, the process exits, or `timeoutMs` passes.
 * @throws Error saying which of the last two happened.
 */
export async function waitForReady(url, handle, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = handle.status();
    if (status) {
      throw new Error(
        `the process exited before it was ready (code ${status.code}, signal ${status.signal})`,
      );
    }
    try {
      const response = await get(url, { timeoutMs: 2_000 });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s`);
}
