import { and, asc, eq, gt } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { enqueueJob, type JobExecutor, type JobHandlers } from "../queue/queue";
import { enqueueMail } from "../mail/mail-jobs";
import type { EmailCategory } from "~/lib/notifications";

/** The job kind that mails one batch of an announcement and queues the next batch. */
export const ANNOUNCE_JOB = "announce.fanout";
/** How many collectors one batch of an announcement mails (one transaction each). */
export const ANNOUNCE_BATCH = 200;

/** A news mail to every collector who wants its category (docs/decisions/031-news-mails.md). */
export type Announcement = {
  /**
   * What makes the news unique ('new-arrival:pack:12'): announcing it again, also from a retried
   * staff action, mails nobody twice.
   */
  key: string;
  category: Exclude<EmailCategory, "orderUpdates">;
  /** One line, the mail's subject: 'Now available: Galaxy Booster'. */
  title: string;
  /** One paragraph. */
  body: string;
  /** A same-site path the mail opens ('/pack/12'). */
  link: string;
};

type Batch = Announcement & { afterUserId: string | null };

/** The /account preference column of each news category. */
const PREFERENCE = {
  newArrivals: profiles.emailNewArrivals,
  eventNotifications: profiles.emailEventNotifications,
} as const;

/**
 * Queues an announcement (docs/decisions/031-news-mails.md) in the caller's transaction (`db`):
 * one `announce.fanout` job keyed by the news, so it exists exactly when the staff action that
 * made the news commits, and a retried action queues nothing more. Nothing is mailed inside the
 * request: the worker mails the collectors in batches.
 * @returns whether it was queued now (false: this news was already announced).
 */
export async function announce(db: JobExecutor, news: Announcement): Promise<boolean> {
  const batch: Batch = { ...news, afterUserId: null };
  const id = await enqueueJob(db, {
    kind: ANNOUNCE_JOB,
    payload: batch,
    key: `announce:${news.key}`,
  });
  return id !== null;
}

/**
 * Mails one batch of an announcement, in one transaction: the next {@link ANNOUNCE_BATCH}
 * collectors by id after `afterUserId` whose preference for the category is on, whose address
 * is verified and who are not demo collectors, each one `mail.send` job keyed
 * `mail:announce:<news>:<user>`; then, when the batch was full, the job of the next batch. The
 * keys make a batch run again (at-least-once) mail nobody twice.
 * @returns how many mails this batch queued.
 */
export async function mailAnnouncementBatch(ctx: Pick<Ctx, "db">, batch: Batch): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const readers = await tx
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(
        and(
          eq(PREFERENCE[batch.category], true),
          eq(profiles.emailVerified, true),
          eq(profiles.isDemo, false),
          batch.afterUserId === null ? undefined : gt(profiles.id, batch.afterUserId),
        ),
      )
      .orderBy(asc(profiles.id))
      .limit(ANNOUNCE_BATCH);
    let queued = 0;
    for (const reader of readers) {
      const job = await enqueueMail(
        tx,
        {
          to: reader.email,
          template: "notification",
          props: {
            userId: reader.id,
            category: batch.category,
            title: batch.title,
            body: batch.body,
            link: batch.link,
            lines: [],
            links: [],
          },
        },
        `mail:announce:${batch.key}:${reader.id}`,
      );
      if (job !== null) queued += 1;
    }
    const last = readers.at(-1);
    if (readers.length === ANNOUNCE_BATCH && last) {
      const next: Batch = { ...batch, afterUserId: last.id };
      await enqueueJob(tx, {
        kind: ANNOUNCE_JOB,
        payload: next,
        key: `announce:${batch.key}:after:${last.id}`,
      });
    }
    return queued;
  });
}

/** The handler of `announce.fanout`. */
export const announcementJobHandlers: JobHandlers = {
  [ANNOUNCE_JOB]: async (ctx, payload) => {
    const queued = await mailAnnouncementBatch(ctx, payload as unknown as Batch);
    if (queued > 0) ctx.log.info({ queued }, "announcement mails queued");
  },
};
