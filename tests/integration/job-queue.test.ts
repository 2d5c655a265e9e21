import { and, eq, gte, lt } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { jobs, mailOutbox } from "~/.server/db/schema";
import {
  RETRY_BASE_MS,
  enqueueJob,
  runDueJobs,
  scheduleRecurring,
  type JobHandlers,
} from "~/.server/queue/queue";
import { RECURRING_JOBS } from "~/.server/jobs/system-jobs";
import { openDatabase } from "~/.server/db/client";
import { createMailer } from "~/.server/mail/mailer";
import { databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();

const FAR = new Date("2100-01-01T00:00:00Z");
const at = (now: Date) => ({ ...db.ctx(), now: () => now });
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function job(id: number) {
  const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/**
 * `count` jobs of kind "count" due at `start`, and handlers that count each job's runs (taking 2 ms
 * a run, so that claims overlap): the jobs' ids in order, the runs by id, the handlers.
 */
async function countedJobs(count: number, start: Date) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await enqueueJob(db.db, { kind: "count", runAt: start }))!);
  const runs = new Map<number, number>();
  const handlers: JobHandlers = {
    count: async (_ctx, _payload, claimed) => {
      runs.set(claimed.id, (runs.get(claimed.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
  };
  return { ids, runs, handlers };
}

describe("the job queue", () => {
  it("enqueues a keyed job once however often the action is retried", async () => {
    const first = await enqueueJob(db.db, { kind: "noop", key: "once:1", runAt: FAR });
    const second = await enqueueJob(db.db, { kind: "noop", key: "once:1", runAt: FAR });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    const rows = await db.db.select().from(jobs).where(eq(jobs.idempotencyKey, "once:1"));
    expect(rows).toHaveLength(1);
  });

  it("retries a throwing job with back-off, then leaves it failed with its error", async () => {
    const start = new Date(Date.now() + 60_000);
    const id = (await enqueueJob(db.db, { kind: "boom", runAt: start, maxAttempts: 2 }))!;
    let calls = 0;
    const handlers: JobHandlers = {
      boom: async () => {
        calls += 1;
        throw new Error(`carrier unreachable (${calls})`);
      },
    };
    expect(await runDueJobs(at(start), handlers)).toMatchObject({ retried: 1, failed: 0 });
    const retried = await job(id);
    expect(retried).toMatchObject({ status: "queued", attempts: 1 });
    expect(retried.lastError).toBe("carrier unreachable (1)");
    expect(retried.runAt.getTime()).toBe(start.getTime() + RETRY_BASE_MS);

    // Not before its back-off has passed.
    await runDueJobs(at(later(start, RETRY_BASE_MS - 1)), handlers);
    expect(calls).toBe(1);

    expect(await runDueJobs(at(later(start, RETRY_BASE_MS)), handlers)).toMatchObject({
      failed: 1,
    });
    expect(await job(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: "carrier unreachable (2)",
    });
    await runDueJobs(at(later(start, 10 * RETRY_BASE_MS)), handlers);
    expect(calls).toBe(2);
  });

  it("marks a job done once its handler returns", async () => {
    const start = new Date(Date.now() + 120_000);
    const id = (await enqueueJob(db.db, { kind: "ok", runAt: start, payload: { n: 7 } }))!;
    const seen: unknown[] = [];
    await runDueJobs(at(start), { ok: async (_ctx, payload) => void seen.push(payload) });
    expect(seen).toEqual([{ n: 7 }]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, lastError: null });
  });

  it("takes a job back from a worker whose claim lapsed", async () => {
    const start = new Date(Date.now() + 180_000);
    const id = (await enqueueJob(db.db, { kind: "stuck", runAt: start }))!;
    await db.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedUntil: start })
      .where(eq(jobs.id, id));
    let ran = 0;
    await runDueJobs(at(start), { stuck: async () => void (ran += 1) });
    expect(ran).toBe(1);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("never runs one job twice when several workers claim at once", async () => {
    const start = new Date(Date.now() + 240_000);
    const { ids, runs, handlers } = await countedJobs(40, start);
    const reports = await Promise.all(
      Array.from({ length: 6 }, () =>
        runDueJobs(at(start), handlers, { batch: 3, maxBatches: 40 }),
      ),
    );
    expect(reports.reduce((n, r) => n + r.done, 0)).toBe(40);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it("never runs one job twice when two instances, each with its own pool, claim at once", async () => {
    // On PostgreSQL the second instance opens its own pool on the same database; PGlite is one
    // process's embedded database, so there both instances share it.
    const other = db.url
      ? await openDatabase({ driver: "postgres", url: db.url, poolSize: 4 })
      : null;
    try {
      const start = new Date(Date.now() + 360_000);
      const { ids, runs, handlers } = await countedJobs(30, start);
      const instances = [at(start), other ? { ...at(start), db: other.db } : at(start)];
      const reports = await Promise.all(
        instances.flatMap((ctx) =>
          [0, 1].map(() => runDueJobs(ctx, handlers, { batch: 2, maxBatches: 30 })),
        ),
      );
      expect(reports.reduce((n, r) => n + r.done, 0)).toBe(30);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      const rows = await Promise.all(ids.map(job));
      expect(rows.every((row) => row.status === "done" && row.attempts === 1)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it("schedules one run of each recurring job per period across instances", async () => {
    const now = new Date("2030-01-01T00:00:07Z");
    await Promise.all([
      scheduleRecurring(at(now), RECURRING_JOBS),
      scheduleRecurring(at(now), RECURRING_JOBS),
    ]);
    // Each job's run is due at the start of its period (5 s periods: 00:00:05, the others 00:00:00).
    const rows = await db.db
      .select()
      .from(jobs)
      .where(and(gte(jobs.runAt, new Date("2030-01-01T00:00:00Z")), lt(jobs.runAt, now)));
    const periodStart = (everyMs: number) =>
      new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
    expect(rows.map((r) => `${r.kind} ${r.runAt.toISOString()}`).sort()).toEqual(
      RECURRING_JOBS.map((r) => `${r.kind} ${periodStart(r.everyMs)}`).sort(),
    );
  });

  it("writes a retried mail job's message to the outbox once", async () => {
    const mailer = createMailer({
      db: db.db,
      log: pino({ level: "silent" }),
      from: "PackVault <no-reply@localhost>",
    });
    const message = { to: "twice@example.com", subject: "Hi", text: "t", html: "<p>t</p>" };
    await mailer.deliver(message, 9001);
    await mailer.deliver(message, 9001);
    const rows = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });
});
