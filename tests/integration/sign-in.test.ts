import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { URI } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, verifySignInCode } from "~/.server/auth/sign-in";
import { blockedEntities, loginAttempts, profiles, session } from "~/.server/db/schema";
import { createAuthRateLimiter, rateLimitRedis } from "~/.server/security/rate-limit";
import { SECURITY_NOTICE } from "~/.server/security/rules";
import { browserHeaders, cookieFrom } from "../helpers/auth";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { STRONG_PASSWORD as PASSWORD, refusalOf, signInKit } from "../helpers/sign-in";
import { withFraudCheckBroken } from "../helpers/broken-fraud-check";

const db = databaseForFile();
const auth = authForFile(db);
const { deps, createCollector, attemptsOf } = signInKit(db, auth);
const ctx = () => db.ctx();

/**
 * Expects `attempt` (a sign-in step) refused as `refusal` says and its attempt logged, newest for
 * `email`, as a failure matching `logged`; returns the refusal for further checks.
 */
async function expectFailureLogged(
  attempt: Promise<unknown>,
  refusal: Record<string, unknown>,
  email: string,
  logged: Record<string, unknown>,
) {
  const refused = await refusalOf(attempt);
  expect(refused).toMatchObject(refusal);
  const [row] = await attemptsOf(email);
  expect(row).toMatchObject({ success: false, ...logged });
  return refused;
}

describe("sign-in", () => {
  beforeAll(() => createCollector("sam@example.com"));

  it("signs in with the right password and logs the success", async () => {
    const result = await signIn(ctx(), deps("192.0.2.20"), {
      email: "Sam@example.com",
      password: PASSWORD,
    });
    expect(result.status).toBe("signed-in");
    expect(result.notice).toBeUndefined();
    const current = await auth.api.getSession({
      headers: browserHeaders(cookieFrom(result.headers)),
    });
    expect(current?.user.email).toBe("sam@example.com");
    const [logged] = await attemptsOf("sam@example.com");
    expect(logged).toMatchObject({ action: "login", success: true, ipAddress: "192.0.2.20" });
  });

  it("refuses a wrong password with 'Invalid email or password' and logs it", async () => {
    await expectFailureLogged(
      signIn(ctx(), deps("192.0.2.21"), { email: "sam@example.com", password: "not my password" }),
      { code: "sign_in_failed", message: "Invalid email or password", status: 401 },
      "sam@example.com",
      { failureReason: "Invalid email or password", ipAddress: "192.0.2.21" },
    );
  });

  it("denies a blocked IP even with the right password", async () => {
    await db.db.insert(blockedEntities).values({
      entityType: "ip",
      entityValue: "192.0.2.22",
      reason: "Card testing from this network",
    });
    await expectFailureLogged(
      signIn(ctx(), deps("192.0.2.22"), { email: "sam@example.com", password: PASSWORD }),
      { code: "access_denied", message: "Card testing from this network", status: 403 },
      "sam@example.com",
      { failureReason: "blocked", ipAddress: "192.0.2.22" },
    );
  });

  it("shows the security notice after 3 recent failures, on failure and on success", async () => {
    await createCollector("noticed@example.com");
    const limiter = createAuthRateLimiter();
    const tryPassword = (password: string) =>
      signIn(ctx(), deps("192.0.2.23", { limiter }), { email: "noticed@example.com", password });
    for (let i = 0; i < 3; i++)
      expect((await refusalOf(tryPassword("wrong guess"))).details.notice).toBeUndefined();
    expect((await refusalOf(tryPassword("wrong guess"))).details.notice).toBe(SECURITY_NOTICE);
    await expect(tryPassword(PASSWORD)).resolves.toMatchObject({
      status: "signed-in",
      notice: SECURITY_NOTICE,
    });
  });

  it("hands Better Auth the trusted client IP, never a forged X-Forwarded-For", async () => {
    const forged = deps("192.0.2.24");
    forged.headers.set("x-forwarded-for", "10.6.6.6");
    const { headers } = await signIn(ctx(), forged, {
      email: "sam@example.com",
      password: PASSWORD,
    });
    const current = await auth.api.getSession({ headers: browserHeaders(cookieFrom(headers)) });
    const [row] = await db.db.select().from(session).where(eq(session.id, current!.session.id));
    expect(row!.ipAddress).toBe("192.0.2.24");
  });
});

describe("when the fraud check itself fails", () => {
  it("signs in anyway and logs the error (docs/product/accounts-and-security.md)", async () => {
    const context = ctx();
    await withFraudCheckBroken(db, context, async () => {
      const result = await signIn(context, deps("192.0.2.25"), {
        email: "sam@example.com",
        password: PASSWORD,
      });
      expect(result.status).toBe("signed-in");
    });
    const [logged] = await attemptsOf("sam@example.com");
    expect(logged).toMatchObject({ success: true, ipAddress: "192.0.2.25" });
  });
});

describe("rate limits", () => {
  it("answers 429 after 5 sign-in attempts for one email in 15 minutes, logging nothing more", async () => {
    const limiter = createAuthRateLimiter();
    const guess = (ip: string) =>
      signIn(ctx(), deps(ip, { limiter }), { email: "sam@example.com", password: "guess" });
    for (let i = 0; i < 5; i++) await refusalOf(guess(`192.0.2.${30 + i}`));
    const before = (await attemptsOf("sam@example.com")).length;
    const error = await guess("192.0.2.35").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "rate_limited", status: 429 });
    expect((error as Error).message).toMatch(
      /^Too many attempts\. Try again in (89\d|900) seconds\.$/,
    );
    expect(await attemptsOf("sam@example.com")).toHaveLength(before);
  });

  // Defined where a Redis server is given (CI sets TEST_REDIS_URL, like TEST_DATABASE_URL).
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl)
    it("shares the counts of two instances through Redis from their first attempt", async () => {
      // Two processes just started: their Redis clients are still connecting.
      const clients = [rateLimitRedis(redisUrl), rateLimitRedis(redisUrl)];
      try {
        const [one, two] = clients.map((redis) => createAuthRateLimiter({ redis }));
        const email = `shared-${randomUUID()}@example.com`;
        const attempt = (i: number) =>
          (i % 2 === 0 ? one! : two!).consume("login", { ip: `192.0.2.${50 + i}`, email });
        for (let i = 0; i < 5; i++) await attempt(i);
        await expect(attempt(5)).rejects.toMatchObject({ code: "rate_limited", status: 429 });
      } finally {
        for (const redis of clients) redis.disconnect();
      }
    });

  it("counts only consecutive failures per email: a success starts over", async () => {
    const limiter = createAuthRateLimiter();
    const tryPassword = (password: string) =>
      signIn(ctx(), deps("192.0.2.40", { limiter }), { email: "sam@example.com", password });
    for (let i = 0; i < 4; i++) await refusalOf(tryPassword("guess"));
    await tryPassword(PASSWORD);
    for (let i = 0; i < 4; i++) await refusalOf(tryPassword("guess"));
    await expect(tryPassword(PASSWORD)).resolves.toMatchObject({ status: "signed-in" });
  });

  it("allows 30 attempts a minute from one IP per action, then answers 429", async () => {
    const limiter = createAuthRateLimiter();
    for (let i = 0; i < 30; i++)
      await limiter.consume("signup", { ip: "192.0.2.41", email: `n${i}@example.com` });
    await expect(
      limiter.consume("signup", { ip: "192.0.2.41", email: "n30@example.com" }),
    ).rejects.toMatchObject({
      status: 429,
      message: "Too many attempts. Try again in 60 seconds.",
    });
    // Another action and another address have their own budgets.
    await expect(limiter.consume("login", { ip: "192.0.2.41" })).resolves.toBeUndefined();
    await expect(limiter.consume("signup", { ip: "192.0.2.42" })).resolves.toBeUndefined();
  });
});

describe("two-factor challenge at sign-in", () => {
  const email = "tfa@example.com";
  let totpUri: string;
  let backupCodes: string[];
  const code = () => URI.parse(totpUri).generate();

  beforeAll(async () => {
    await createCollector(email);
    const { headers } = await auth.api.signInEmail({
      body: { email, password: PASSWORD },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    const cookie = cookieFrom(headers);
    const setup = await auth.api.enableTwoFactor({
      body: { password: PASSWORD },
      headers: browserHeaders(cookie),
    });
    if (setup.method !== "totp") throw new Error("expected a TOTP setup");
    totpUri = setup.totpURI;
    backupCodes = setup.backupCodes;
    await auth.api.verifyTOTP({ body: { code: code() }, headers: browserHeaders(cookie) });
    const [user] = await db.db.select().from(profiles).where(eq(profiles.email, email));
    expect(user!.twoFactorEnabled).toBe(true);
  });

  async function passwordStep(ip: string) {
    const step = await signIn(ctx(), deps(ip), { email, password: PASSWORD });
    expect(step.status).toBe("two-factor");
    expect(
      await auth.api.getSession({ headers: browserHeaders(cookieFrom(step.headers)) }),
    ).toBeNull();
    return cookieFrom(step.headers);
  }

  it("asks for the code after the password, and refuses a wrong code with 'Invalid code'", async () => {
    const challenge = await passwordStep("192.0.2.50");
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await expectFailureLogged(
      verifySignInCode(ctx(), deps("192.0.2.50", { cookie: challenge }), { code: wrong, email }),
      { code: "sign_in_failed", message: "Invalid code", status: 401 },
      email,
      { action: "login", failureReason: "Invalid code" },
    );
    expect(refused.details.restart).toBeUndefined();

    const done = await verifySignInCode(ctx(), deps("192.0.2.50", { cookie: challenge }), {
      code: code(),
      email,
    });
    const current = await auth.api.getSession({
      headers: browserHeaders(cookieFrom(done.headers)),
    });
    expect(current?.user.email).toBe(email);
    const [success] = await attemptsOf(email);
    expect(success).toMatchObject({ action: "login", success: true, ipAddress: "192.0.2.50" });
  });

  it("accepts a backup code instead of the app's code", async () => {
    const challenge = await passwordStep("192.0.2.51");
    const done = await verifySignInCode(ctx(), deps("192.0.2.51", { cookie: challenge }), {
      code: backupCodes[0]!,
      email,
    });
    expect(done.status).toBe("signed-in");
  });

  it("sends the user back to the password when the challenge is missing", async () => {
    const refused = await refusalOf(
      verifySignInCode(ctx(), deps("192.0.2.52"), { code: code(), email }),
    );
    expect(refused).toMatchObject({
      code: "two_factor_restart",
      message: "Your sign-in has expired. Please sign in again.",
    });
    expect(refused.details.restart).toBe(true);
    const forgotten = await refusalOf(
      verifySignInCode(ctx(), deps("192.0.2.52"), { code: code(), email: null }),
    );
    expect(forgotten.details.restart).toBe(true);
  });
});

describe("concurrent failures near the IP threshold", () => {
  it("create one automatic block, however many arrive at once", async () => {
    const ip = "192.0.2.60";
    const now = db.ctx().now();
    await db.db.insert(loginAttempts).values(
      Array.from({ length: 17 }, (_, i) => ({
        email: `spray${i}@example.com`,
        action: "login" as const,
        success: false,
        failureReason: "Invalid email or password",
        ipAddress: ip,
        createdAt: now,
      })),
    );
    const limiter = createAuthRateLimiter();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        signIn(ctx(), deps(ip, { limiter }), {
          email: `spray-now${i}@example.com`,
          password: "guess",
        }),
      ),
    );
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const blocks = await db.db
      .select()
      .from(blockedEntities)
      .where(and(eq(blockedEntities.entityType, "ip"), eq(blockedEntities.entityValue, ip)));
    expect(blocks).toHaveLength(1);
  });
});
