import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { lookupSessionUser } from "~/.server/auth/session-user";
import {
  RESET_PASSWORD_PATH,
  requestPasswordResetLink,
  resendVerificationEmail,
  resetPasswordWithToken,
} from "~/.server/auth/email-flows";
import { mailOutbox, profiles, session } from "~/.server/db/schema";
import { loader as authLinkLoader } from "~/routes/api.auth.$";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { loader as outboxMailLoader } from "~/routes/dev.outbox.mail";
import { OPEN_REDIRECTS } from "../helpers/open-redirects";
import {
  TEST_ORIGIN,
  browserHeaders,
  cookieFrom,
  deliverQueuedMail,
  latestMail,
  signUpAndSignIn,
  TEST_PASSWORD as PASSWORD,
  NEW_TEST_PASSWORD as NEW_PASSWORD,
} from "../helpers/auth";
import { databaseForFile, authForFile } from "../helpers/file-setup";

const db = databaseForFile();
const auth = authForFile(db);

/** A new account (unverified), signed in: its id and session cookie. */
async function signUp(email: string, callbackURL?: string) {
  const { id, headers } = await signUpAndSignIn(auth, {
    name: "Nora Tester",
    email,
    password: PASSWORD,
    callbackURL,
  });
  return { id, email, cookie: cookieFrom(headers) };
}

/** Follows one of Better Auth's emailed links the way a browser would, without redirects. */
function followLink(link: string, cookie?: string) {
  return auth.handler(new Request(link, { headers: browserHeaders(cookie), redirect: "manual" }));
}

async function mailsTo(email: string): Promise<number> {
  await deliverQueuedMail(db);
  const [row] = await db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email));
  return row!.n;
}

const at = (now: Date) => db.ctx({ now });
const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);

describe("email verification", () => {
  it("verifies through the emailed link and lands on /auth/verified without signing anyone in", async () => {
    await signUp("vera@example.com", "/auth/verified");
    const mail = await latestMail(db, "vera@example.com");
    expect(mail.link).toContain("callbackURL=%2Fauth%2Fverified");

    const response = await followLink(mail.link!);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/verified");
    const [profile] = await db.db
      .select({ verified: profiles.emailVerified })
      .from(profiles)
      .where(eq(profiles.email, "vera@example.com"));
    expect(profile?.verified).toBe(true);
    // Opening the link must not open a session: it would bypass a two-factor challenge.
    expect(response.headers.getSetCookie()).toEqual([]);
    const viaLink = await auth.api.getSession({
      headers: browserHeaders(cookieFrom(response.headers)),
    });
    expect(viaLink).toBeNull();
  });

  it("sends an emailed link whose callbackURL leaves the site to /auth/verified instead", async () => {
    await signUp("redirect@example.com", "/auth/verified");
    const { link } = await latestMail(db, "redirect@example.com");
    const context = { auth } as unknown as AppLoadContext;
    for (const callback of OPEN_REDIRECTS) {
      const url = new URL(link!);
      url.searchParams.set("callbackURL", callback);
      const response = await authLinkLoader({
        request: new Request(url, { headers: browserHeaders() }),
        context,
        params: { "*": "verify-email" },
      } as never);
      const location = response.headers.get("location") ?? "";
      expect(
        location.startsWith("/auth/verified"),
        `${JSON.stringify(callback)} -> ${location}`,
      ).toBe(true);
    }
  });

  it("sends a forged or tampered link back to /auth/verified with an error", async () => {
    await signUp("tamper@example.com", "/auth/verified");
    const { link } = await latestMail(db, "tamper@example.com");
    const response = await followLink(link!.replace("token=", "token=x"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/verified?error=INVALID_TOKEN");
  });

  it("resends at most once per 60 seconds per user, with a link to /auth/verified", async () => {
    const user = await signUp("rhea@example.com");
    const resend = (now: Date) =>
      resendVerificationEmail(at(now), auth, {
        user: { ...user, emailVerified: false },
        headers: browserHeaders(user.cookie),
      });
    const start = new Date();
    expect(await mailsTo(user.email)).toBe(1); // the sign-up mail

    expect(await resend(start)).toBe("sent");
    expect(await resend(seconds(start, 30))).toBe("too-soon");
    expect(await resend(seconds(start, 59))).toBe("too-soon");
    expect(await mailsTo(user.email)).toBe(2);

    expect(await resend(seconds(start, 61))).toBe("sent");
    expect(await mailsTo(user.email)).toBe(3);
    const { link } = await latestMail(db, user.email);
    expect(link).toContain("callbackURL=%2Fauth%2Fverified");
    expect((await followLink(link!)).headers.get("location")).toBe("/auth/verified");
  });

  it("sends one mail when the same user asks several times at once", async () => {
    const user = await signUp("burst@example.com");
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        resendVerificationEmail(at(now), auth, {
          user: { ...user, emailVerified: false },
          headers: browserHeaders(user.cookie),
        }),
      ),
    );
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(await mailsTo(user.email)).toBe(2);
  });

  it("sends nothing to a user who is already verified", async () => {
    const user = await signUp("done@example.com");
    const outcome = await resendVerificationEmail(at(new Date()), auth, {
      user: { ...user, emailVerified: true },
      headers: browserHeaders(user.cookie),
    });
    expect(outcome).toBe("already-verified");
    expect(await mailsTo(user.email)).toBe(1);
  });
});

describe("password recovery", () => {
  /** Asks for a reset link and follows it: the token Better Auth hands to the reset page. */
  async function resetToken(email: string, now = new Date()): Promise<string> {
    await requestPasswordResetLink(at(now), auth, email);
    const mail = await latestMail(db, email);
    expect(mail.subject).toBe("Reset your PackVault password");
    const landing = new URL((await followLink(mail.link!)).headers.get("location")!);
    expect(landing.origin + landing.pathname).toBe(TEST_ORIGIN + RESET_PASSWORD_PATH);
    return landing.searchParams.get("token")!;
  }

  it("sets the new password, revokes every session, and refuses the old password", async () => {
    const user = await signUp("pia@example.com");
    await auth.api.signInEmail({
      body: { email: user.email, password: PASSWORD },
      headers: browserHeaders(),
    });
    expect(await db.db.$count(session, eq(session.userId, user.id))).toBe(2);

    const token = await resetToken(user.email);
    const outcome = await resetPasswordWithToken(at(new Date()), auth, {
      token,
      password: NEW_PASSWORD,
    });
    expect(outcome).toEqual({ status: "reset" });

    expect(await db.db.$count(session, eq(session.userId, user.id))).toBe(0);
    // As the server looks it up (Better Auth's cookie cache alone would still answer).
    expect((await lookupSessionUser(auth, db.db, browserHeaders(user.cookie))).user).toBeNull();
    await expect(
      auth.api.signInEmail({
        body: { email: user.email, password: PASSWORD },
        headers: browserHeaders(),
      }),
    ).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    const signedIn = await auth.api.signInEmail({
      body: { email: user.email, password: NEW_PASSWORD },
      headers: browserHeaders(),
    });
    expect(signedIn.user.id).toBe(user.id);

    // A reset link works once.
    expect(
      await resetPasswordWithToken(at(new Date()), auth, {
        token,
        password: "another fine passphrase 7",
      }),
    ).toEqual({ status: "invalid-token" });
  });

  it("refuses an unknown token, and the emailed link answers ?error=INVALID_TOKEN for it", async () => {
    expect(
      await resetPasswordWithToken(at(new Date()), auth, {
        token: "not-a-token",
        password: NEW_PASSWORD,
      }),
    ).toEqual({ status: "invalid-token" });
    const response = await followLink(
      `${TEST_ORIGIN}/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(RESET_PASSWORD_PATH)}`,
    );
    const landing = new URL(response.headers.get("location")!);
    expect(landing.pathname).toBe(RESET_PASSWORD_PATH);
    expect(landing.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("refuses an expired token", async () => {
    await signUp("late@example.com");
    const token = await resetToken("late@example.com");
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(
      await resetPasswordWithToken(at(inTwoHours), auth, { token, password: NEW_PASSWORD }),
    ).toEqual({
      status: "invalid-token",
    });
  });

  it("refuses a weak password with reasons and keeps the token usable", async () => {
    await signUp("weak@example.com");
    const token = await resetToken("weak@example.com");
    const weak = await resetPasswordWithToken(at(new Date()), auth, {
      token,
      password: "password",
    });
    expect(weak.status).toBe("weak-password");
    expect(weak.status === "weak-password" && weak.reasons.length).toBeGreaterThan(0);
    expect(
      await resetPasswordWithToken(at(new Date()), auth, { token, password: NEW_PASSWORD }),
    ).toEqual({
      status: "reset",
    });
  });

  it("sends nothing for an unknown address, and one mail a minute for a known one", async () => {
    await requestPasswordResetLink(at(new Date()), auth, "nobody@example.com");
    expect(await mailsTo("nobody@example.com")).toBe(0);

    await signUp("flood@example.com");
    const start = new Date();
    await requestPasswordResetLink(at(start), auth, "flood@example.com");
    await requestPasswordResetLink(at(seconds(start, 10)), auth, "FLOOD@example.com");
    expect(await mailsTo("flood@example.com")).toBe(2); // sign-up + one reset
    await requestPasswordResetLink(at(seconds(start, 61)), auth, "flood@example.com");
    expect(await mailsTo("flood@example.com")).toBe(3);
  });
});

describe("/dev/outbox", () => {
  const load = (devTools: boolean) =>
    outboxLoader({
      request: new Request(`${TEST_ORIGIN}/dev/outbox`),
      params: {},
      context: { db: db.db, env: { DEV_TOOLS: devTools } } as unknown as AppLoadContext,
    } as Parameters<typeof outboxLoader>[0]);

  it("is a 404 without DEV_TOOLS", async () => {
    await expect(load(false)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("lists the outbox newest first, with each message's links, with DEV_TOOLS", async () => {
    await signUp("outbox@example.com");
    await deliverQueuedMail(db);
    const { messages } = await load(true);
    const newest = messages[0]!;
    expect(newest.to).toBe("outbox@example.com");
    expect(newest.subject).toBe("Verify your PackVault email");
    expect(newest.links).toEqual([expect.stringMatching(/\/api\/auth\/verify-email\?token=/)]);
    const ids = messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  const loadHtml = (devTools: boolean, id: string) =>
    outboxMailLoader({
      request: new Request(`${TEST_ORIGIN}/dev/outbox/${id}.html`),
      params: { id },
      context: { db: db.db, env: { DEV_TOOLS: devTools } } as unknown as AppLoadContext,
    } as Parameters<typeof outboxMailLoader>[0]);

  it("serves a message's rendered HTML under a CSP that runs no script, framed only by this site", async () => {
    await signUp("rendered@example.com");
    await deliverQueuedMail(db);
    const [row] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "rendered@example.com"));
    const response = await loadHtml(true, String(row!.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(await response.text()).toBe(row!.html);
  });

  it("serves no HTML without DEV_TOOLS, nor for an unknown or malformed id", async () => {
    const [row] = await db.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
    expect((await loadHtml(false, String(row!.id))).status).toBe(404);
    expect((await loadHtml(true, "999999")).status).toBe(404);
    expect((await loadHtml(true, "1 OR 1=1")).status).toBe(404);
    expect((await loadHtml(true, "01")).status).toBe(404);
  });
});
