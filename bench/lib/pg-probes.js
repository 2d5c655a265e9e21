// What a PostgreSQL benchmark run costs the database: statements sent, time spent waiting for
// row locks, by the statement that waited, and CPU time.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";

let counting = false;
let statements = 0;
const original = pg.Client.prototype.query;
const probeClients = new WeakSet();

/**
 * Counts every statement the process's `pg` clients send (one round trip each, BEGIN and
 * COMMIT included), except the probes' own. Call once; read with {@link statementsSent}.
 */
export function countStatements() {
  if (counting) return;
  counting = true;
  pg.Client.prototype.query = function query(...args) {
    if (!probeClients.has(this)) statements++;
    return original.apply(this, args);
  };
}

/** Statements sent so far (0 unless {@link countStatements} was called). */
export const statementsSent = () => statements;

/** Which shared row a statement waiting for a lock was after, from its text. */
function rowOf(query) {
  const text = query.toLowerCase();
  if (/update "?packs"?/.test(text)) return "pack stock row";
  if (/update "?wallet_accounts"?|wallet/.test(text)) return "wallet rows";
  if (/fairness_seeds/.test(text)) return "seed pair (per user)";
  if (/rewards/.test(text)) return "rewards row (per user)";
  return "other";
}

/**
 * Samples `pg_stat_activity` of the database at `url` every `intervalMs` until `stop()`:
 * each sample adds the time since the previous one once per backend waiting on a heavyweight
 * lock (a row lock shows as `transactionid` or `tuple`), filed under the row its statement
 * was after, and counts LWLock waits by name.
 * @returns `{ stop }`; `stop()` resolves `{ lockWaitMs: { row: ms }, lwlockSamples: { name: n }, samples }`.
 */
export async function sampleLockWaits(url, intervalMs = 5) {
  const client = new pg.Client({ connectionString: url });
  probeClients.add(client);
  await client.connect();
  const lockWaitMs = {};
  const lwlockSamples = {};
  let samples = 0;
  let running = true;
  const loop = (async () => {
    let last = performance.now();
    while (running) {
      const { rows } = await client.query(
        `SELECT wait_event_type, wait_event, query FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND wait_event_type IN ('Lock', 'LWLock')`,
      );
      const now = performance.now();
      const dt = now - last;
      last = now;
      samples++;
      for (const row of rows) {
        if (row.wait_event_type === "Lock") {
          const key = rowOf(row.query);
          lockWaitMs[key] = (lockWaitMs[key] ?? 0) + dt;
        } else {
          lwlockSamples[row.wait_event] = (lwlockSamples[row.wait_event] ?? 0) + 1;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return { lockWaitMs, lwlockSamples, samples };
    },
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux unless told otherwise). */
function clockTicks() {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * CPU milliseconds (user + system) spent so far by the PostgreSQL backends connected to
 * database `name`, read from /proc (their command line is `postgres: user name host ...`);
 * null when /proc lists none (the server runs on another machine or in a container).
 */
function backendCpuMs(name, ticksPerSec) {
  let ms = 0;
  let found = false;
  let pids;
  try {
    pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!command.startsWith("postgres: ") || !command.includes(` ${name} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSec;
      found = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return found ? ms : null;
}

/**
 * Starts measuring CPU time: this process's (`process.cpuUsage`, which for PGlite includes the
 * database) and, with `database`, its PostgreSQL backends' on this machine. A figure per
 * transaction that, unlike throughput, hardly depends on what else the machine runs.
 * @returns `stop()`, which resolves `{ nodeMs, databaseMs }` (`databaseMs` null when unknown).
 */
export function startCpuMeter(database) {
  const ticksPerSec = clockTicks();
  const node = process.cpuUsage();
  const db = database ? backendCpuMs(database, ticksPerSec) : null;
  return () => {
    const used = process.cpuUsage(node);
    const dbNow = database ? backendCpuMs(database, ticksPerSec) : null;
    return {
      nodeMs: (used.user + used.system) / 1000,
      databaseMs: db === null || dbNow === null ? null : dbNow - db,
    };
  };
}
