import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as the List-Unsubscribe header (RFC 2369) when the mail has one. */
  unsubscribeUrl?: string;
};
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
 * inside a request). Without SMTP_URL every message stays in the outbox (listed at /dev/outbox
 * with DEV_TOOLS=1) and its links are logged so a local user can follow them.
 */
export function createMailer({
  db,
  smtpUrl,
  log,
  from = "PackVault <no-reply@packvault.example>",
}: {
  db: Database;
  smtpUrl?: string;
  log: Logger;
  from?: string;
}): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async deliver({ unsubscribeUrl, ...message }, jobId) {
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
        // The link opens the confirm page; one-click POST (RFC 8058) is not offered.
        ...(unsubscribeUrl ? { list: { unsubscribe: { url: unsubscribeUrl } } } : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    },
  };
}
