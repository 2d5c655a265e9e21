import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Sends mail: every message is first written to `mail_outbox`; with SMTP_URL it then goes out
 * through nodemailer and is stamped `sent_at`. Without SMTP_URL it stays in the outbox
 * (listed at /dev/outbox with DEV_TOOLS=1) and its links are logged so a local user can follow them.
 * A failed SMTP delivery is logged and leaves the message unsent in the outbox; it never throws.
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
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!transport) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        log.info(
          { to: message.to, subject: message.subject, links },
          "mail kept in the outbox (no SMTP_URL)",
        );
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        log.error({ err: error, to: message.to, subject: message.subject }, "SMTP delivery failed");
      }
    },
  };
}
