import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { queryRows } from "../db/rows";
import { jobs } from "../db/schema";
import { jobAttemptsFailed } from "../metrics";

/** A transaction or the database: jobs are enqueued in the caller's transaction when it has one. */
export type JobExecutor = Pick<Database, "insert">;

/** First retry after this long; each later one waits twice as long (docs/decisions/015-job-queue.md). */
export const RETRY_BASE_MS = 10_000;
/** No retry waits longer than this. */
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** A claimed job is another worker's to take again if its worker has not finished by then. */
export const JOB_LOCK_MS = 5 * 60 * 1000;
/** How many attempts a job gets unless it says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export type EnqueueInput = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAt?: Date;
  maxAttempts?: number;
  /** When set, a second enqueue with the same key does nothing (a retried action enqueues once). */
  key?: string;
};

/**
 * Puts a job on the queue, in the caller's transaction when `db` is one (so it exists exactly
 * when the change it follows commits).
 * @returns the new job's id, or null when a job with the same `key` already exists.
 */
export async function enqueueJob(db: JobExecutor, input: EnqueueInput): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: input.kind,
      payload: input.payload ?? {},
      runAt: input.runAt ?? new Date(),
      maxAttempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      idempotencyKey: input.key ?? null,
    })
    .onConflictDoNothing({ target: jobs.idempotencyKey })
    .returning({ id: jobs.id });
  if (row) wakeWorkers();
  return row ? Number(row.id) : null;
}

/** The wait before retry number `attempts` (1-based): 10 s, 20 s, 40 s, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
};

/** What runs a job of one kind. Throwing retries it later (or fails it when attempts are spent). */
export type JobHandler = (
  ctx: Ctx,
  payload: Record<string, unknown>,
  job: ClaimedJob,
) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/**
 * Claims up to `limit` due jobs for this worker in one statement: queued jobs whose `run_at` has
 * come, and running jobs whose claim lapsed (their worker died). `FOR UPDATE SKIP LOCKED` lets
 * several instances claim at once without waiting on, or taking, each other's rows.
 */
export async function claimJobs(
  ctx: Pick<Ctx, "db" | "now">,
  limit: number,
): Promise<ClaimedJob[]> {
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + JOB_LOCK_MS);
  const rows = await queryRows<{
    id: string | number;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>(
    ctx.db,
    sql`with due as (
          select id from jobs
          where (status = 'queued' and run_at <= ${now})
             or (status = 'running' and locked_until <= ${now})
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        update jobs set status = 'running', attempts = jobs.attempts + 1, locked_until = ${lockedUntil}
        from due where jobs.id = due.id
        returning jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload ?? {},
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Marks a claimed job done (only while this claim holds it). */
async function completeJob(ctx: Pick<Ctx, "db" | "now">, job: ClaimedJob): Promise<void> {
  await ctx.db
    .update(jobs)
    .set({ status: "done", lockedUntil: null, finishedAt: ctx.now(), lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)));
}

/** Records a failed attempt: back to the queue after {@link retryDelayMs}, or `failed` for good. */
async function failAttempt(
  ctx: Pick<Ctx, "db" | "now">,
  job: ClaimedJob,
  error: unknown,
): Promise<"retry" | "failed"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const spent = job.attempts >= job.maxAttempts;
  await ctx.db
    .update(jobs)
    .set(
      spent
        ? { status: "failed", lastError: message, lockedUntil: null, finishedAt: ctx.now() }
        : {
            status: "queued",
            lastError: message,
            lockedUntil: null,
            runAt: new Date(ctx.now().getTime() + retryDelayMs(job.attempts)),
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)));
  return spent ? "failed" : "retry";
}

export type RunReport = { done: number; retried: number; failed: number };

/**
 * Claims and runs due jobs until none is due (at most `maxBatches` claims of `batch` jobs). A job
 * of a kind without a handler fails at once. Never throws for a job's error: it is recorded on
 * the job (`last_error`) and logged.
 */
export async function runDueJobs(
  ctx: Ctx,
  handlers: JobHandlers,
  { batch = 10, maxBatches = 10 }: { batch?: number; maxBatches?: number } = {},
): Promise<RunReport> {
  const report: RunReport = { done: 0, retried: 0, failed: 0 };
  for (let round = 0; round < maxBatches; round++) {
    const claimed = await claimJobs(ctx, batch);
    if (claimed.length === 0) break;
    for (const job of claimed) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(ctx, job.payload, job);
        await completeJob(ctx, job);
        report.done += 1;
      } catch (error) {
        const outcome = handler
          ? await failAttempt(ctx, job, error)
          : await failAttempt(ctx, { ...job, maxAttempts: job.attempts }, error);
        ctx.log.warn({ err: error, jobId: job.id, kind: job.kind, outcome }, "job attempt failed");
        jobAttemptsFailed.inc({ outcome });
        report[outcome === "failed" ? "failed" : "retried"] += 1;
      }
    }
    if (claimed.length < batch) break;
  }
  return report;
}

/** A job the queue runs every `everyMs`, once across all instances. */
export type RecurringJob = { kind: string; everyMs: number; maxAttempts?: number };

/**
 * Enqueues the current period's run of each recurring job: keyed by kind and period number, so
 * every instance may call it and exactly one job per period exists.
 */
export async function scheduleRecurring(
  ctx: Pick<Ctx, "db" | "now">,
  recurring: readonly RecurringJob[],
): Promise<void> {
  const now = ctx.now().getTime();
  for (const job of recurring) {
    const period = Math.floor(now / job.everyMs);
    await enqueueJob(ctx.db, {
      kind: job.kind,
      runAt: new Date(period * job.everyMs),
      maxAttempts: job.maxAttempts ?? 1,
      key: `every:${job.kind}:${period}`,
    });
  }
}

/** Finished jobs are kept this long (for the record and their idempotency keys), then deleted. */
export const JOB_RETENTION_DAYS = 14;
/** A finished run of a recurring job is kept one day. */
const RECURRING_RETENTION_MS = 86_400_000;

/**
 * Deletes jobs finished more than {@link JOB_RETENTION_DAYS} days ago, and runs of recurring
 * jobs finished more than a day ago. @returns how many.
 */
export async function pruneFinishedJobs(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const now = ctx.now().getTime();
  const gone = await ctx.db
    .delete(jobs)
    .where(
      and(
        or(eq(jobs.status, "done"), eq(jobs.status, "failed")),
        or(
          lt(jobs.finishedAt, new Date(now - JOB_RETENTION_DAYS * 86_400_000)),
          and(
            sql`${jobs.idempotencyKey} like 'every:%'`,
            lt(jobs.finishedAt, new Date(now - RECURRING_RETENTION_MS)),
          ),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

const wakers = new Set<() => void>();
/** Tells the workers in this process that a job was enqueued (they look sooner than their poll). */
function wakeWorkers(): void {
  for (const wake of wakers) wake();
}

/** How often a worker enqueues the recurring jobs' current periods. */
const RECURRING_CHECK_MS = 5_000;

export type JobWorker = { stop(): Promise<void> };

/**
 * Runs the queue in this process: every `pollMs` (sooner after a local enqueue) it schedules the
 * recurring jobs and runs what is due. Every instance runs one; the claim makes each job run once.
 */
export function startJobWorker({
  ctx,
  handlers,
  recurring = [],
  pollMs = 1000,
}: {
  ctx: () => Ctx;
  handlers: JobHandlers;
  recurring?: readonly RecurringJob[];
  pollMs?: number;
}): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let ticking = false;
  let again = false;
  let lastScheduled = 0;
  const tick = async () => {
    const c = ctx();
    try {
      if (c.now().getTime() - lastScheduled >= RECURRING_CHECK_MS) {
        await scheduleRecurring(c, recurring);
        lastScheduled = c.now().getTime();
      }
      await runDueJobs(c, handlers);
    } catch (error) {
      c.log.error({ err: error }, "job worker tick failed");
    }
  };
  const loop = async () => {
    ticking = true;
    again = false;
    await tick();
    ticking = false;
    schedule(again ? 0 : pollMs);
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = loop();
    }, delay);
    timer.unref();
  };
  const wake = () => {
    if (ticking) again = true;
    else schedule(20);
  };
  wakers.add(wake);
  schedule(0);
  return {
    async stop() {
      stopped = true;
      wakers.delete(wake);
      clearTimeout(timer);
      await running;
    },
  };
}

/** How many jobs the queue table holds per status (`queued`, `running`, `done`, `failed`). */
export async function countJobsByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
