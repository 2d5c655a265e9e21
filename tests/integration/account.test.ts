import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { lookupSessionUser } from "~/.server/auth/session-user";
import type { AuthRequest } from "~/.server/policy/account-ctx";
import { DELETE_ACCOUNT_PRECONDITIONS, deleteAccount } from "~/.server/account/delete-account";
import { changePassword } from "~/.server/account/password";
import { updateEmailPreferences } from "~/.server/account/preferences";
import { getAccount, updateProfile, updateShippingAddress } from "~/.server/account/profile";
import { listSessions, revokeSession, revokeSessions } from "~/.server/account/sessions";
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactorSetup,
} from "~/.server/account/two-factor";
import {
  account,
  mailOutbox,
  newsletterSubscriptions,
  profiles,
  session,
  twoFactor,
  userRoles,
  verification,
} from "~/.server/db/schema";
import { action, loader } from "~/routes/account";
import {
  TEST_ORIGIN,
  browserHeaders,
  cookieFrom,
  deliverQueuedMail,
  signUpAndSignIn,
  TEST_PASSWORD as PASSWORD,
  NEW_TEST_PASSWORD as NEW_PASSWORD,
} from "../helpers/auth";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { parsed, refusalOf } from "../helpers/forms";
import { profileDetailsSchema, shippingAddressSchema } from "~/lib/schemas/account";

const db = databaseForFile();
const auth = authForFile(db);

type TestUser = { id: string; email: string; cookie: string; sessionId: string };

/** The session id behind a cookie (as the server's session middleware resolves it). */
/** The live session a request with `cookie` gets, as the server looks it up; null without one. */
async function sessionIdOf(cookie: string): Promise<string | null> {
  const { user } = await lookupSessionUser(auth, db.db, browserHeaders(cookie));
  return user?.sessionId ?? null;
}

async function signUp(email: string, name = "Ada Collector"): Promise<TestUser> {
  const { id, headers } = await signUpAndSignIn(auth, { name, email, password: PASSWORD });
  const cookie = cookieFrom(headers);
  return { id, email, cookie, sessionId: (await sessionIdOf(cookie))! };
}

/** Another signed-in device of the same account. */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const result = await auth.api.signInEmail({
    body: { email, password },
    headers: browserHeaders(undefined, "198.51.100.20"),
    returnHeaders: true,
  });
  return cookieFrom(result.headers);
}

const as = (user: TestUser) =>
  db.ctx({ actor: { userId: user.id, role: "user" }, now: new Date() });
const viaAuth = (cookie: string): AuthRequest => ({ auth, headers: browserHeaders(cookie) });

/** The current code of the authenticator app holding `totpURI`'s secret. */
const totpCode = (totpURI: string, offsetSeconds = 0) =>
  (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

describe("profile and shipping address", () => {
  it("starts with the spec's email preferences and no address, and saves the Full Name", async () => {
    const ada = await signUp("profile@example.com");
    expect(await getAccount(as(ada))).toEqual({
      fullName: "Ada Collector",
      email: "profile@example.com",
      emailVerified: false,
      address: null,
      preferences: {
        emailNewArrivals: true,
        emailOrderUpdates: true,
        emailEventNotifications: false,
      },
      leaderboardName: "initials",
      twoFactor: "off",
      dateOfBirthConfirmed: false,
    });

    await updateProfile(as(ada), parsed(profileDetailsSchema, { fullName: "  Ada L. Collector " }));
    expect((await getAccount(as(ada))).fullName).toBe("Ada L. Collector");
    expect(refusalOf(profileDetailsSchema, { fullName: "   " })).toBe(
      "Please enter your full name",
    );
    await expect(updateProfile(db.ctx(), { fullName: "Visitor" })).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
  });

  it("refuses a bad state or ZIP code at the seam's schema and saves a valid address, normalised", async () => {
    const ada = await signUp("address@example.com");
    const address = { street: "12 Harbor Rd", city: "Mystic", state: "CT", zip: "06355" };
    expect(refusalOf(shippingAddressSchema, { ...address, state: "ZZ" })).toBe(
      "Enter a 2-letter US state code, like NY",
    );
    expect(refusalOf(shippingAddressSchema, { ...address, zip: "6355" })).toBe(
      "Enter a 5-digit ZIP code or ZIP+4, like 10001 or 10001-2345",
    );
    expect((await getAccount(as(ada))).address).toBeNull();

    await updateShippingAddress(
      as(ada),
      parsed(shippingAddressSchema, { ...address, state: "ct", zip: "063551234" }),
    );
    expect((await getAccount(as(ada))).address).toEqual({ ...address, zip: "06355-1234" });
  });

  it("saves the email preferences", async () => {
    const ada = await signUp("prefs@example.com");
    const preferences = {
      emailNewArrivals: false,
      emailOrderUpdates: true,
      emailEventNotifications: true,
    };
    await updateEmailPreferences(as(ada), preferences);
    expect((await getAccount(as(ada))).preferences).toEqual(preferences);
  });
});

describe("sessions", () => {
  it("lists the user's sessions with this device marked, and signs one out", async () => {
    const ada = await signUp("sessions@example.com");
    const laptop = await signIn(ada.email);
    const sessions = await listSessions(as(ada), { currentSessionId: ada.sessionId });
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current).map((s) => s.id)).toEqual([ada.sessionId]);
    expect(sessions.map((s) => s.ipAddress).sort()).toEqual(["198.51.100.20", "203.0.113.7"]);
    expect(sessions[0]!.userAgent).toBe("vitest");

    await revokeSession(as(ada), { sessionId: (await sessionIdOf(laptop))! });
    expect(await sessionIdOf(laptop)).toBeNull();
    expect(await sessionIdOf(ada.cookie)).toBe(ada.sessionId);
  });

  it("says 'Session not found' for another user's session and leaves it alone", async () => {
    const ada = await signUp("owner@example.com");
    const bob = await signUp("bob@example.com", "Bob Trader");
    await expect(revokeSession(as(ada), { sessionId: bob.sessionId })).rejects.toMatchObject({
      code: "session_not_found",
      message: "Session not found",
      status: 404,
    });
    expect(await sessionIdOf(bob.cookie)).toBe(bob.sessionId);
    expect(await listSessions(as(ada), { currentSessionId: ada.sessionId })).toHaveLength(1);
  });

  it("signs out the other sessions (scope others) or all of them (scope global)", async () => {
    const ada = await signUp("scopes@example.com");
    const bob = await signUp("bystander@example.com", "Bob Trader");
    const phone = await signIn(ada.email);
    const tablet = await signIn(ada.email);

    const others = { scope: "others", currentSessionId: ada.sessionId } as const;
    expect(await revokeSessions(as(ada), others)).toBe(2);
    expect([await sessionIdOf(phone), await sessionIdOf(tablet)]).toEqual([null, null]);
    expect(await sessionIdOf(ada.cookie)).toBe(ada.sessionId);

    const global = { scope: "global", currentSessionId: ada.sessionId } as const;
    expect(await revokeSessions(as(ada), global)).toBe(1);
    expect(await sessionIdOf(ada.cookie)).toBeNull();
    expect(await sessionIdOf(bob.cookie)).toBe(bob.sessionId);
  });
});

describe("change password", () => {
  it("refuses a wrong current password and a weak new one, changing nothing", async () => {
    const ada = await signUp("weak@example.com");
    await expect(
      changePassword(as(ada), viaAuth(ada.cookie), {
        currentPassword: "not my password",
        newPassword: NEW_PASSWORD,
      }),
    ).rejects.toMatchObject({ code: "invalid_password", message: "Incorrect password" });

    const weak = changePassword(as(ada), viaAuth(ada.cookie), {
      currentPassword: PASSWORD,
      newPassword: "password1",
    });
    await expect(weak).rejects.toMatchObject({ code: "weak_password", status: 400 });
    await expect(weak).rejects.toThrow(/commonly used password/);
    expect(await signIn(ada.email)).toContain("session_token");
  });

  it("changes the password and signs out every other session, keeping this device", async () => {
    const ada = await signUp("change@example.com");
    const phone = await signIn(ada.email);
    const cookies = await changePassword(as(ada), viaAuth(ada.cookie), {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });

    expect(await sessionIdOf(phone)).toBeNull();
    expect(await sessionIdOf(ada.cookie)).toBeNull();
    const thisDevice = await sessionIdOf(cookieFrom(cookies));
    expect(thisDevice).not.toBeNull();
    const rows = await db.db.select().from(session).where(eq(session.userId, ada.id));
    expect(rows.map((r) => r.id)).toEqual([thisDevice]);

    await expect(signIn(ada.email)).rejects.toMatchObject({ status: "UNAUTHORIZED" });
    expect(await signIn(ada.email, NEW_PASSWORD)).toContain("session_token");
  });
});

describe("two-factor authentication", () => {
  it("turns on only after a correct code from the app, and off with the password and a code", async () => {
    const ada = await signUp("totp@example.com");
    await expect(
      startTwoFactorSetup(as(ada), viaAuth(ada.cookie), { password: "wrong password!" }),
    ).rejects.toMatchObject({ code: "invalid_password" });

    const setup = await startTwoFactorSetup(as(ada), viaAuth(ada.cookie), { password: PASSWORD });
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/PackVault:totp%40example\.com\?/);
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.backupCodes).toHaveLength(10);
    expect((await getAccount(as(ada))).twoFactor).toBe("pending");

    const wrong = String((Number(totpCode(setup.totpURI)) + 500_000) % 1_000_000).padStart(6, "0");
    await expect(
      confirmTwoFactor(as(ada), viaAuth(ada.cookie), { code: wrong }),
    ).rejects.toMatchObject({ code: "invalid_code" });
    expect((await getAccount(as(ada))).twoFactor).toBe("pending");
    // Not on yet: signing in needs no code.
    expect(await signIn(ada.email)).toContain("session_token");

    const cookies = await confirmTwoFactor(as(ada), viaAuth(ada.cookie), {
      code: totpCode(setup.totpURI),
    });
    const cookie = cookieFrom(cookies);
    expect(await sessionIdOf(cookie)).not.toBeNull();
    expect((await getAccount(as(ada))).twoFactor).toBe("on");
    const challenged = await auth.api.signInEmail({
      body: { email: ada.email, password: PASSWORD },
      headers: browserHeaders(),
    });
    expect(challenged).toMatchObject({ twoFactorRedirect: true });

    await expect(
      disableTwoFactor(as(ada), viaAuth(cookie), { password: PASSWORD, code: wrong }),
    ).rejects.toMatchObject({ code: "invalid_code" });
    await expect(
      disableTwoFactor(as(ada), viaAuth(cookie), {
        password: "wrong password!",
        code: totpCode(setup.totpURI),
      }),
    ).rejects.toMatchObject({ code: "invalid_password" });
    expect((await getAccount(as(ada))).twoFactor).toBe("on");

    await disableTwoFactor(as(ada), viaAuth(cookie), {
      password: PASSWORD,
      code: totpCode(setup.totpURI),
    });
    expect((await getAccount(as(ada))).twoFactor).toBe("off");
    expect(await db.db.select().from(twoFactor).where(eq(twoFactor.userId, ada.id))).toEqual([]);
  });
});

describe("delete account", () => {
  it("refuses a mistyped email and the shop's only admin", async () => {
    const ada = await signUp("admin@example.com");
    await expect(
      deleteAccount(as(ada), { confirmEmail: "someone@example.com" }),
    ).rejects.toMatchObject({ code: "email_mismatch" });

    await db.db.insert(userRoles).values({ userId: ada.id, role: "admin" });
    expect(DELETE_ACCOUNT_PRECONDITIONS.map((rule) => rule.code)).toContain("last_admin");
    await expect(deleteAccount(as(ada), { confirmEmail: ada.email })).rejects.toMatchObject({
      code: "last_admin",
      status: 409,
    });
    expect(await getAccount(as(ada))).toMatchObject({ email: ada.email });
  });

  it("removes the profile, sessions and everything personal, and nobody else's", async () => {
    const ada = await signUp("leaving@example.com");
    const bob = await signUp("staying@example.com", "Bob Trader");
    await signIn(ada.email);
    await updateShippingAddress(as(ada), {
      street: "1 Main St",
      city: "Austin",
      state: "TX",
      zip: "73301",
    });
    await startTwoFactorSetup(as(ada), viaAuth(ada.cookie), { password: PASSWORD });
    await auth.api.requestPasswordReset({ body: { email: ada.email, redirectTo: "/auth" } });
    await db.db.insert(newsletterSubscriptions).values({ email: "Leaving@Example.com" });
    await deliverQueuedMail(db);

    await deleteAccount(as(ada), { confirmEmail: " LEAVING@example.com " });

    const rowsOf = {
      profiles: db.db.select().from(profiles).where(eq(profiles.id, ada.id)),
      sessions: db.db.select().from(session).where(eq(session.userId, ada.id)),
      accounts: db.db.select().from(account).where(eq(account.userId, ada.id)),
      two_factors: db.db.select().from(twoFactor).where(eq(twoFactor.userId, ada.id)),
      user_roles: db.db.select().from(userRoles).where(eq(userRoles.userId, ada.id)),
      verifications: db.db.select().from(verification).where(eq(verification.value, ada.id)),
      newsletter: db.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(sql`lower(${newsletterSubscriptions.email})`, ada.email)),
      outbox: db.db.select().from(mailOutbox).where(eq(mailOutbox.to, ada.email)),
    };
    for (const [table, rows] of Object.entries(rowsOf)) expect(await rows, table).toEqual([]);
    expect(await sessionIdOf(ada.cookie)).toBeNull();
    await expect(signIn(ada.email)).rejects.toMatchObject({ status: "UNAUTHORIZED" });

    expect(await sessionIdOf(bob.cookie)).toBe(bob.sessionId);
    expect(await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.email))).not.toEqual(
      [],
    );
  });
});

describe("the /account route", () => {
  const contextFor = async (user: TestUser | null) =>
    ({
      db: db.db,
      log: pino({ level: "silent" }),
      auth,
      env: { PUBLIC_URL: TEST_ORIGIN },
      clientIp: "203.0.113.7",
      user: user && {
        id: user.id,
        email: user.email,
        fullName: "Ada Collector",
        emailVerified: false,
        twoFactorEnabled: false,
        role: "user",
        sessionId: user.sessionId,
      },
    }) as unknown as AppLoadContext;
  const post = async (user: TestUser | null, fields: Record<string, string>) =>
    action({
      request: new Request(`${TEST_ORIGIN}/account`, {
        method: "POST",
        headers: browserHeaders(user?.cookie),
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: await contextFor(user),
    } as Parameters<typeof action>[0]);

  it("sends a visitor to /auth and back", async () => {
    const thrown = await Promise.resolve(
      loader({
        request: new Request(`${TEST_ORIGIN}/account?tab=settings`),
        params: {},
        context: await contextFor(null),
      } as Parameters<typeof loader>[0]),
    ).catch((response: unknown) => response);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/auth?redirectTo=%2Faccount%3Ftab%3Dsettings",
    );
  });

  it("answers an unknown intent with a 400 and changes nothing", async () => {
    const ada = await signUp("intent@example.com");
    // Thrown, so the page's loaders cannot replace it.
    await expect(post(ada, { intent: "make-admin", fullName: "Root" })).rejects.toMatchObject({
      init: { status: 400 },
      data: "Unknown action",
    });
    expect((await getAccount(as(ada))).fullName).toBe("Ada Collector");
  });

  it("answers 'Session not found' for another user's session id", async () => {
    const ada = await signUp("route-owner@example.com");
    const bob = await signUp("route-bob@example.com", "Bob Trader");
    const answer = await post(ada, { intent: "revoke-session", sessionId: bob.sessionId });
    expect(answer).toMatchObject({
      init: { status: 404 },
      data: { toasts: [{ kind: "error", title: "Error", description: "Session not found" }] },
    });
    expect(await sessionIdOf(bob.cookie)).toBe(bob.sessionId);
  });

  it("rate-limits password checks: a sixth wrong current password in 15 minutes gets a 429", async () => {
    const ada = await signUp("route-guess@example.com");
    const guess = () =>
      post(ada, {
        intent: "change-password",
        currentPassword: "not my password at all",
        newPassword: "amber meadow trellis 91",
        confirmPassword: "amber meadow trellis 91",
      });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await guess()).toMatchObject({ init: { status: 400 } });
    }
    expect(await guess()).toMatchObject({
      init: { status: 429 },
      data: {
        toasts: [{ kind: "error", description: expect.stringMatching(/^Too many attempts/) }],
      },
    });
  });

  it("signs the current session out and goes to /auth with the cookie cleared", async () => {
    const ada = await signUp("route-self@example.com");
    const answer = (await post(ada, {
      intent: "revoke-session",
      sessionId: ada.sessionId,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/auth");
    expect(answer.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/);
    expect(await sessionIdOf(ada.cookie)).toBeNull();
  });
});
