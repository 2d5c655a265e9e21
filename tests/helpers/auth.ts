import { desc, eq } from "drizzle-orm";
import pino from "pino";
import { createAuth, type Auth } from "~/.server/auth/auth";
import { mailOutbox } from "~/.server/db/schema";
import { createMailer } from "~/.server/mail/mailer";
import type { TestDatabase } from "./db";

export const TEST_ORIGIN = "http://localhost:3000";

/** Better Auth on a test database, with mail kept in the outbox. */
export function createTestAuth(db: TestDatabase): Auth {
  const log = pino({ level: "silent" });
  const mailer = createMailer({ db: db.db, log });
  return createAuth({
    db: db.db,
    env: { PUBLIC_URL: TEST_ORIGIN, NODE_ENV: "test" },
    secret: "test-secret-test-secret-test-secret-0123",
    mailer,
  });
}

/** The newest outbox message to `to`, with the first link in its text. */
export async function latestMail(db: TestDatabase, to: string) {
  const [message] = await db.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!message) throw new Error(`no mail to ${to}`);
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  return { ...message, link };
}

/** Request headers as a browser on the site would send them, optionally with a cookie. */
export function browserHeaders(cookie?: string, ip = "203.0.113.7"): Headers {
  const headers = new Headers({
    origin: TEST_ORIGIN,
    "user-agent": "vitest",
    "x-forwarded-for": ip,
  });
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/** The `name=value` pairs of Set-Cookie headers, joined as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
