import { desc, eq } from "drizzle-orm";
import pino from "pino";
import { createAuth, type Auth } from "~/.server/policy/auth";
import { mailOutbox } from "~/.server/db/schema";
import { runDueJobs } from "~/.server/queue/queue";
import { eventReminderJobHandlers } from "~/.server/catalog/event-news";
import { mailJobHandlers } from "~/.server/mail/mail-jobs";
import { announcementJobHandlers } from "~/.server/notifications/announcements";
import { createMailer } from "~/.server/mail/mailer";
import type { TestDatabase } from "./db";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export const TEST_ORIGIN = "http://localhost:3000";

/** The password of the accounts the Better Auth tests sign up, and one to change it to. */
export const TEST_PASSWORD = "correct horse battery";
export const NEW_TEST_PASSWORD = "violet anchor marmalade 93";

/** Better Auth on a test database; its mail is queued (see {@link deliverQueuedMail}). */
export function createTestAuth(db: TestDatabase): Auth {
  return createAuth({
    db: db.db,
    env: { PUBLIC_URL: TEST_ORIGIN, NODE_ENV: "test" },
    secret: TEST_SECRET,
  });
}

/**
 * Runs every due job on the test database the way the server's worker does (announcements,
 * event reminders, mail kept in the outbox); `handlers` adds or replaces kinds. @returns the run's report.
 */
export function runQueuedJobs(
  db: TestDatabase,
  { now, handlers = {} }: { now?: Date; handlers?: Parameters<typeof runDueJobs>[1] } = {},
) {
  const log = pino({ level: "silent" });
  const mailer = createMailer({ db: db.db, log, from: "PackVault <no-reply@localhost>" });
  const ctx = { ...db.ctx(), now: () => now ?? new Date() };
  return runDueJobs(ctx, {
    ...announcementJobHandlers,
    ...eventReminderJobHandlers,
    ...mailJobHandlers({ mailer, publicUrl: TEST_ORIGIN, unsubscribeSecret: TEST_SECRET }),
    ...handlers,
  });
}

/** Delivers the mail queued so far into the outbox. */
export async function deliverQueuedMail(db: TestDatabase): Promise<void> {
  await runQueuedJobs(db);
}

/** The newest outbox message to `to`, with the first link in its text. */
export async function latestMail(db: TestDatabase, to: string) {
  await deliverQueuedMail(db);
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

/**
 * A new account through Better Auth, then signed in with its password (sign-up itself opens
 * no session: docs/product/accounts-and-security.md, "Signing up"). @returns its id and the
 * session's Set-Cookie headers.
 */
export async function signUpAndSignIn(
  auth: Auth,
  body: { name: string; email: string; password: string; callbackURL?: string },
): Promise<{ id: string; headers: Headers }> {
  const created = await auth.api.signUpEmail({ body, headers: browserHeaders() });
  const signedIn = await auth.api.signInEmail({
    body: { email: body.email, password: body.password },
    headers: browserHeaders(),
    returnHeaders: true,
  });
  return { id: created.user.id, headers: signedIn.headers };
}
