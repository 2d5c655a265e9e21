import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identityKey, stampedNow } from "./columns";

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: identityKey(),
    email: text().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [uniqueIndex("newsletter_subscriptions_email_key").on(sql`lower(${t.email})`)],
);

export const contactMessages = pgTable("contact_messages", {
  id: identityKey(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: stampedNow(),
});
