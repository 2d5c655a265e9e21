import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The signed one-click unsubscribe link of a mail that is not transactional: sent as
   * List-Unsubscribe (RFC 2369) with List-Unsubscribe-Post (RFC 8058), so a mail client can
   * unsubscribe with one POST (docs/decisions/022-one-click-unsubscribe.md).
   */
  oneClickUnsubscribeUrl?: string;
};

/** What the mailer needs of a nodemailer transport. */
export type MailTransport = Pick<Transporter, "sendMail">;

/** The SMTP transport for SMTP_URL, or null without one (mail then stays in the outbox). */
export function smtpTransport(smtpUrl: string | undefined): MailTransport | null {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
}

/** The RFC 8058 header that says the List-Unsubscribe URL takes a one-click POST. */
const ONE_CLICK = { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } as const;
export type Mailer = {
  /**
   * Delivers one message of the `mail.send` job `jobId`: writes it to `mail_outbox` once per job
   * (a retry finds the row), then, with SMTP_URL and unless already sent, hands it to SMTP and
   * stamps `sent_at`. Throws when SMTP refuses, so the job is retried.
   */
  deliver(message: MailMessage, jobId: number): Promise<void>;
};

/**
 * Delivers mail for the `mail.send` jobs (app/.server/mail/mail-jobs.ts; nothing sends mail
 * inside a request) through `transport` ({@link smtpTransport}). Without one every message
 * stays in the outbox (listed at /dev/outbox with DEV_TOOLS=1) and its links are logged so a
 * local user can follow them.
 */
export function createMailer({
  db,
  transport = null,
  log,
  from,
}: {
  db: Database;
  transport?: MailTransport | null;
  log: Logger;
  /** The sender, MAIL_FROM (app/.server/env.ts). */
  from: string;
}): Mailer {
  return {
    async deliver({ oneClickUnsubscribeUrl, ...message }, jobId) {
      await db
        .insert(mailOutbox)
        .values({ ...message, jobId })
        .onConflictDoNothing({ target: mailOutbox.jobId });
      const [row] = await db
        .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.jobId, jobId));
      if (!transport) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        log.info(
          { to: message.to, subject: message.subject, links },
          "mail kept in the outbox (no SMTP_URL)",
        );
        return;
      }
      if (!row || row.sentAt) return;
      await transport.sendMail({
        from,
        ...message,
        ...(oneClickUnsubscribeUrl
          ? { list: { unsubscribe: { url: oneClickUnsubscribeUrl } }, headers: ONE_CLICK }
          : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    },
  };
}
