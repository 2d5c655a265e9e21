// What a PostgreSQL benchmark run costs the database: statements sent, and time spent waiting
// for row locks, by the statement that waited.
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
