import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { stampedNow } from "./columns";

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job queue (docs/decisions/015-job-queue.md): a row per piece of background work,
 * claimed with `FOR UPDATE SKIP LOCKED`, retried with exponential back-off, kept `failed` with
 * its last error once its attempts are spent. `idempotency_key` makes a retried action enqueue once.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text({ enum: JOB_STATUSES }).notNull().default("queued"),
    /** Not before this instant (also the next retry's instant). */
    runAt: stampedNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lastError: text(),
    /** While `running`: the claim lapses here, and another worker may take the job again. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** Unique when set: enqueueing the same key again does nothing. */
    idempotencyKey: text().unique(),
    createdAt: stampedNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("jobs_status_valid", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check("jobs_attempts_valid", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    index("jobs_due_idx").on(t.status, t.runAt),
  ],
);

/**
 * The in-app inbox: one row per thing that happened to a user, written in the transaction of
 * the event. `dedupe_key` (unique when set) keeps a retried action from notifying twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: profileRef("cascade").notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** A same-site path to open (the order, the offer inbox, ...); null when there is none. */
    link: text(),
    read: boolean().notNull().default(false),
    dedupeKey: text().unique(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("notifications_user_time_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.read} = false`),
  ],
);
