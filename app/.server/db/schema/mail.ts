import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { identityKey, stampedNow } from "./columns";

/** Every message the app sends; without SMTP_URL this is where mail stays (/dev/outbox). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: identityKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** The `mail.send` job that wrote it (unique: a retried job never writes a second copy). */
    jobId: bigint({ mode: "number" }).unique(),
    /** When SMTP accepted it; null while it only sits in the outbox. */
    sentAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
  },
  (t) => [index("mail_outbox_to_time_idx").on(t.to, t.createdAt.desc())],
);
