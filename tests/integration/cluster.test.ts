import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error server/cluster.js is plain JavaScript, run by server.js without a build
import { workerCount } from "../../server/cluster.js";

const fixture = new URL("../fixtures/cluster-app.js", import.meta.url).pathname;
const primaries: ChildProcess[] = [];
afterEach(() => {
  for (const primary of primaries.splice(0)) if (primary.exitCode === null) primary.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Answer = { pid: number; received?: string[] };

/** Starts the fixture's primary with `workers` workers; `get` asks any worker. */
async function startCluster(workers: number) {
  const port = await freePort();
  const primary = spawn(process.execPath, [fixture], {
    env: { ...process.env, PORT: String(port), WORKERS: String(workers) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  primaries.push(primary);
  const exited = new Promise<number | null>((resolve) => primary.on("exit", resolve));
  // A new connection per request (no keep-alive): the cluster spreads connections. A
  // connection handed to a worker that was just killed gets no answer: give up after 2 s.
  const get = (path = "/"): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(JSON.parse(body) as Answer));
      });
      request.setTimeout(2_000, () => request.destroy(new Error("no answer")));
      request.on("error", reject);
    });
  /** The pids answering over `tries` requests. */
  const pids = async (tries = 20) => {
    const seen = new Set<number>();
    for (let i = 0; i < tries; i += 1) seen.add((await get().catch(() => null))?.pid ?? 0);
    seen.delete(0);
    return seen;
  };
  return { primary, exited, get, pids };
}

describe("npm start's cluster (server/cluster.js)", () => {
  it("defaults to one worker per available core and reads WEB_CONCURRENCY", () => {
    expect(workerCount({})).toBe(os.availableParallelism());
    expect(workerCount({ WEB_CONCURRENCY: "3" })).toBe(3);
    expect(() => workerCount({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerCount({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("serves from every worker, replaces one that dies, relays page invalidations, and stops gracefully", async () => {
    const cluster = await startCluster(2);
    await expect.poll(async () => (await cluster.pids()).size, { timeout: 15_000 }).toBe(2);
    const [victim] = [...(await cluster.pids())];
    process.kill(victim!, "SIGKILL");
    await expect
      .poll(
        async () => {
          const now = await cluster.pids();
          return now.size === 2 && !now.has(victim!);
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    const sender = await cluster.get("/invalidate");
    await expect
      .poll(
        async () => {
          const answer = await cluster.get("/received");
          return answer.pid !== sender.pid && answer.received!.includes(`product:${sender.pid}`);
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    const slow = cluster.get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 100));
    cluster.primary.kill("SIGTERM");
    expect((await slow).pid).toBeGreaterThan(0);
    expect(await cluster.exited).toBe(0);
  });
});
