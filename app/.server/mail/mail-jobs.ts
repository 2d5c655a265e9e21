import { and, eq, inArray, lte } from "drizzle-orm";
import type { Ctx } from "../context";
import { jobs } from "../db/schema";
import type { JobExecutor, JobHandlers } from "../queue/queue";
import { enqueueJob } from "../queue/queue";
import type { Mailer } from "./mailer";
import { renderMail, type MailTemplate } from "./render";

/** The job kind that delivers one mail. */
export const MAIL_JOB = "mail.send";
/** Attempts at delivering a mail before it is left `failed` (about 2.5 hours of back-off). */
export const MAIL_MAX_ATTEMPTS = 8;

/** What a `mail.send` job carries: the address and the template with its data (rendered when sent). */
export type MailJobPayload = { to: string } & MailTemplate;

/**
 * Queues one mail (docs/decisions/015-job-queue.md), in the caller's transaction when `db` is
 * one. With `key`, a retried action queues it once.
 * @returns the job id, or null when `key` was already queued.
 */
export function enqueueMail(
  db: JobExecutor,
  mail: MailJobPayload,
  key?: string,
): Promise<number | null> {
  return enqueueJob(db, {
    kind: MAIL_JOB,
    payload: mail as unknown as Record<string, unknown>,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    key,
  });
}

/**
 * The handler of `mail.send`: renders the template (links from `publicUrl`) and delivers it,
 * unless its job row is gone: deleting an account deletes the mail queued for its address
 * (app/.server/account/delete-account.ts), also while a worker holds the job.
 */
export function mailJobHandlers({
  mailer,
  publicUrl,
  unsubscribeSecret,
}: {
  mailer: Mailer;
  publicUrl: string;
  unsubscribeSecret: string;
}): JobHandlers {
  return {
    [MAIL_JOB]: async (ctx, payload, job) => {
      const [queued] = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id));
      if (!queued) {
        ctx.log.info({ jobId: job.id }, "mail dropped: its job was deleted with the account");
        return;
      }
      const mail = payload as unknown as MailJobPayload;
      const message = await renderMail(mail, { publicUrl, unsubscribeSecret });
      await mailer.deliver(message, job.id);
    },
  };
}

/**
 * Waits (at most `timeoutMs`) until no `mail.send` job that is due is still queued or running,
 * so the development outbox shows a mail queued a moment ago. @returns whether the queue drained.
 */
export async function waitForQueuedMail(ctx: Pick<Ctx, "db">, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, MAIL_JOB),
          inArray(jobs.status, ["queued", "running"]),
          lte(jobs.runAt, new Date()),
          eq(jobs.attempts, 0),
        ),
      )
      .limit(1);
    if (!pending) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
