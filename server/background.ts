import type { Logger } from "pino";
import type { DatabaseHandle } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import { createMailer, smtpTransport } from "~/.server/mail/mailer";
import { createSalesFeed } from "~/.server/sales-feed";
import { systemCtx } from "~/.server/context";
import { startJobWorker } from "~/.server/queue/queue";
import { RECURRING_JOBS, systemJobHandlers } from "~/.server/jobs/system-jobs";
import { RESERVE_JOBS, reserveJobHandlers } from "~/.server/reserves/jobs";
import { mailJobHandlers } from "~/.server/mail/mail-jobs";
import { announcementJobHandlers } from "~/.server/notifications/announcements";
import { eventReminderJobHandlers } from "~/.server/catalog/event-news";
import { unsubscribeKey } from "~/.server/mail/unsubscribe";
import { registerLiveSignal } from "~/.server/live-signals";
import { drawLogTagKey } from "~/.server/packs/draw-log";

/**
 * Starts what runs beside the requests of one instance: the live feed (sales, and the bell's and
 * auction pages' signals over its pub/sub) and the job worker (mail, escrow release, offer
 * expiry, payouts, reserves, cleanup; each job runs once across instances,
 * docs/decisions/015-job-queue.md).
 * @param secret the auth secret, from which the unsubscribe links' and draw logs' keys derive.
 * @returns the feed, the two derived keys (`mailKey`, `tagKey`, for the load context), the
 * worker (`stop()` resolves when its running jobs end) and `unregisterSignals`, to call on
 * shutdown.
 */
export function startBackground({
  database,
  env,
  log,
  secret,
}: {
  database: DatabaseHandle;
  env: Env;
  log: Logger;
  secret: string;
}) {
  const mailer = createMailer({
    db: database.db,
    transport: smtpTransport(env.SMTP_URL),
    log,
    from: env.MAIL_FROM,
  });
  const salesFeed = createSalesFeed({ redisUrl: env.REDIS_URL, log });
  const mailKey = unsubscribeKey(secret);
  // The bell's live count and the auction pages: their changes travel over the live feed's pub/sub.
  const unregisterSignals = registerLiveSignal((topic, key) => salesFeed.signal(topic, key));
  // Background work (mail, escrow release, offer expiry, payouts, cleanup) runs from the job
  // queue on every instance; each job runs once (docs/decisions/015-job-queue.md).
  const tagKey = drawLogTagKey(secret);
  const jobWorker = startJobWorker({
    ctx: () => systemCtx(database.db, log, salesFeed),
    handlers: {
      ...systemJobHandlers,
      ...announcementJobHandlers,
      ...eventReminderJobHandlers,
      ...mailJobHandlers({ mailer, publicUrl: env.PUBLIC_URL, unsubscribeSecret: mailKey }),
      ...reserveJobHandlers(tagKey),
    },
    recurring: [...RECURRING_JOBS, ...RESERVE_JOBS],
  });
  return { salesFeed, mailKey, tagKey, jobWorker, unregisterSignals };
}

/** What {@link startBackground} started. */
export type Background = ReturnType<typeof startBackground>;
