import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedEntities, loginAttempts, suspiciousActivities } from "~/.server/db/schema";
import { checkAccess } from "~/.server/security/fraud-check";
import { recordLoginAttempt } from "~/.server/security/login-attempts";
import { SECURITY_NOTICE } from "~/.server/security/rules";
import { databaseForFile } from "../helpers/file-setup";
import { withFraudCheckBroken } from "../helpers/broken-fraud-check";

const db = databaseForFile();

const NOW = new Date("2026-11-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const at = (now: Date) => db.ctx({ now });

async function block(
  type: "email" | "ip",
  value: string,
  blockedUntil: Date | null,
  reason = "Chargeback fraud",
) {
  await db.db
    .insert(blockedEntities)
    .values({ entityType: type, entityValue: value, reason, blockedUntil });
}

async function fail(email: string, ip: string, when = NOW, times = 1) {
  for (let i = 0; i < times; i++) {
    await recordLoginAttempt(at(when), {
      email,
      action: "login",
      success: false,
      failureReason: "Invalid email or password",
      ip,
    });
  }
}

async function attemptsOf(email: string) {
  return db.db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(desc(loginAttempts.id));
}

const activitiesOf = (type: string, field: "email" | "ipAddress", value: string) =>
  db.db
    .select()
    .from(suspiciousActivities)
    .where(
      and(eq(suspiciousActivities.activityType, type), eq(suspiciousActivities[field], value)),
    );

const ipBlocks = (ip: string) =>
  db.db
    .select()
    .from(blockedEntities)
    .where(and(eq(blockedEntities.entityType, "ip"), eq(blockedEntities.entityValue, ip)));

describe("the fraud check before sign-in and sign-up", () => {
  it("allows an email and IP with no history", async () => {
    await expect(
      checkAccess(at(NOW), { email: "new@example.com", action: "login", ip: "198.51.100.1" }),
    ).resolves.toEqual({ allowed: true });
  });

  it("denies a blocked email whatever its case, with the block's reason, and logs 'blocked'", async () => {
    await block("email", "Mallory@Example.com", null);
    const decision = await checkAccess(at(NOW), {
      email: "mallory@EXAMPLE.com",
      action: "signup",
      ip: "198.51.100.2",
    });
    expect(decision).toEqual({ allowed: false, reason: "Chargeback fraud" });
    const [logged] = await attemptsOf("mallory@example.com");
    expect(logged).toMatchObject({
      action: "signup",
      success: false,
      failureReason: "blocked",
      ipAddress: "198.51.100.2",
      createdAt: NOW,
    });
  });

  it("denies a blocked IP until the block ends, then allows again", async () => {
    await block(
      "ip",
      "198.51.100.3",
      new Date(NOW.getTime() + 30 * 60_000),
      "Automatic: too many failed sign-in attempts",
    );
    const request = { email: "someone@example.com", action: "login", ip: "198.51.100.3" } as const;
    await expect(checkAccess(at(NOW), request)).resolves.toEqual({
      allowed: false,
      reason: "Automatic: too many failed sign-in attempts",
    });
    const [logged] = await attemptsOf("someone@example.com");
    expect(logged).toMatchObject({
      success: false,
      failureReason: "blocked",
      ipAddress: "198.51.100.3",
    });
    const afterTheBlock = new Date(NOW.getTime() + 31 * 60_000);
    await expect(checkAccess(at(afterTheBlock), request)).resolves.toEqual({ allowed: true });
  });

  it("no longer denies an email whose block has expired", async () => {
    await block("email", "reformed@example.com", minutesAgo(1));
    await expect(
      checkAccess(at(NOW), { email: "reformed@example.com", action: "login", ip: null }),
    ).resolves.toEqual({ allowed: true });
    expect(await attemptsOf("reformed@example.com")).toHaveLength(0);
  });

  it("warns after 3 failed sign-ins for an email within 15 minutes, not for older ones", async () => {
    const email = "warned@example.com";
    const request = { email, action: "login", ip: "198.51.100.4" } as const;
    await fail(email, "198.51.100.4", minutesAgo(20), 3);
    await fail(email, "198.51.100.4", minutesAgo(5), 2);
    await expect(checkAccess(at(NOW), request)).resolves.toEqual({ allowed: true });
    await fail(email, "198.51.100.4", minutesAgo(1));
    await expect(checkAccess(at(NOW), request)).resolves.toEqual({
      allowed: true,
      warning: SECURITY_NOTICE,
    });
    // Sign-ups get no warning: the rule is about sign-in failures.
    await expect(checkAccess(at(NOW), { ...request, action: "signup" })).resolves.toEqual({
      allowed: true,
    });
  });

  it("records one medium suspicious activity when an email reaches 5 failures in 15 minutes", async () => {
    const email = "targeted@example.com";
    await fail(email, "198.51.100.5", NOW, 4);
    expect(await activitiesOf("repeated_failed_logins", "email", email)).toHaveLength(0);
    await fail(email, "198.51.100.5", NOW, 3);
    const rows = await activitiesOf("repeated_failed_logins", "email", email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      severity: "medium",
      ipAddress: "198.51.100.5",
      createdAt: NOW,
    });
    expect(rows[0]!.description).toContain("5 failed sign-in attempts for targeted@example.com");
  });

  it("blocks an IP for one hour at 20 failures in 10 minutes, once, with a high-severity activity", async () => {
    const ip = "198.51.100.6";
    for (let i = 0; i < 19; i++) await fail(`victim${i}@example.com`, ip);
    expect(await ipBlocks(ip)).toHaveLength(0);
    await fail("victim19@example.com", ip);
    await fail("victim20@example.com", ip);
    const blocks = await ipBlocks(ip);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      reason: "Automatic: too many failed sign-in attempts",
      blockedUntil: new Date(NOW.getTime() + 60 * 60_000),
    });
    const activities = await activitiesOf("ip_brute_force", "ipAddress", ip);
    expect(activities).toHaveLength(1);
    expect(activities[0]!.severity).toBe("high");
    await expect(
      checkAccess(at(NOW), { email: "victim0@example.com", action: "login", ip }),
    ).resolves.toMatchObject({ allowed: false });
  });

  it("inserts one block when failures at the threshold are recorded at the same moment", async () => {
    const ip = "198.51.100.10";
    await fail("early@example.com", ip, NOW, 18);
    await Promise.all(Array.from({ length: 8 }, (_, i) => fail(`burst${i}@example.com`, ip)));
    expect(await ipBlocks(ip)).toHaveLength(1);
    expect(await activitiesOf("ip_brute_force", "ipAddress", ip)).toHaveLength(1);
  });

  it("does not count failures older than 10 minutes toward the IP block", async () => {
    const ip = "198.51.100.7";
    await fail("old@example.com", ip, minutesAgo(11), 19);
    await fail("recent@example.com", ip, NOW, 2);
    expect(await ipBlocks(ip)).toHaveLength(0);
  });

  it("does not count failed sign-ups toward sign-in rules", async () => {
    const ip = "198.51.100.8";
    for (let i = 0; i < 20; i++) {
      await recordLoginAttempt(at(NOW), {
        email: `weak${i}@example.com`,
        action: "signup",
        success: false,
        failureReason: "Password is too weak",
        ip,
      });
    }
    expect(await ipBlocks(ip)).toHaveLength(0);
  });

  it("lets the attempt proceed and logs the error when the check itself fails", async () => {
    const ctx = at(NOW);
    await block("email", "broken@example.com", null);
    await withFraudCheckBroken(db, ctx, async () => {
      await expect(
        checkAccess(ctx, { email: "broken@example.com", action: "login", ip: "198.51.100.9" }),
      ).resolves.toEqual({ allowed: true });
    });
  });
});
