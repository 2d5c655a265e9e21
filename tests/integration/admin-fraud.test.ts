import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FRAUD_FETCH_LIMIT, loadFraudOverview } from "~/.server/admin/fraud";
import {
  adminAuditLog,
  blockedEntities,
  loginAttempts,
  session,
  suspiciousActivities,
} from "~/.server/db/schema";
import { checkAccess } from "~/.server/security/fraud-check";
import { makeCollector, type Collector } from "../helpers/commerce";
import { blockEntityForm, expectFormRefused, unblockEntityForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";

const NOW = new Date("2026-11-01T12:00:00Z");

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" }, now: NOW });

async function signedIn(person: Collector, sessions = 1) {
  for (let i = 0; i < sessions; i++) {
    await db.db.insert(session).values({
      id: `s_${randomBytes(6).toString("hex")}`,
      token: randomBytes(16).toString("hex"),
      userId: person.id,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
    });
  }
}
const sessionsOf = (person: Collector) =>
  db.db.select().from(session).where(eq(session.userId, person.id));
const auditOf = (id: number) =>
  db.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, String(id)))
    .orderBy(adminAuditLog.id);

describe("blocking an email", () => {
  it("blocks it for good, ends that account's sessions and denies its next sign-in", async () => {
    const mallory = await makeCollector(db);
    const bystander = await makeCollector(db);
    await signedIn(mallory, 2);
    await signedIn(bystander);
    const { blockId, sessionsEnded } = await blockEntityForm(asAdmin(), {
      entityType: "email",
      entityValue: `  ${mallory.email.toUpperCase()} `,
      reason: "Chargeback fraud",
      blockedUntil: "",
    });
    expect(sessionsEnded).toBe(2);
    expect(await sessionsOf(mallory)).toEqual([]);
    expect(await sessionsOf(bystander)).toHaveLength(1);
    const [row] = await db.db.select().from(blockedEntities).where(eq(blockedEntities.id, blockId));
    expect(row).toMatchObject({
      entityType: "email",
      entityValue: mallory.email,
      reason: "Chargeback fraud",
      blockedUntil: null,
      createdBy: admin.id,
    });
    expect(
      await checkAccess(db.ctx({ now: NOW }), { email: mallory.email, action: "login", ip: null }),
    ).toEqual({ allowed: false, reason: "Chargeback fraud" });
    const [audit] = await auditOf(blockId);
    expect(audit).toMatchObject({
      action: "block.create",
      targetType: "blocked_entity",
      actorId: admin.id,
      before: null,
      after: {
        entityType: "email",
        entityValue: mallory.email,
        reason: "Chargeback fraud",
        blockedUntil: null,
        sessionsEnded: 2,
      },
    });
  });

  it("blocks until the end of the given day (UTC); a past date is refused", async () => {
    const email = `temp-${randomBytes(3).toString("hex")}@example.com`;
    const { blockId } = await blockEntityForm(asAdmin(), {
      entityType: "email",
      entityValue: email,
      reason: "Cooling off",
      blockedUntil: "2026-11-05",
    });
    const [row] = await db.db.select().from(blockedEntities).where(eq(blockedEntities.id, blockId));
    expect(row!.blockedUntil).toEqual(new Date("2026-11-05T23:59:59.999Z"));
    const before = await db.db.select().from(blockedEntities);
    for (const blockedUntil of ["2026-10-31", "2026-11-01T11:00:00Z"]) {
      await expect(
        blockEntityForm(asAdmin(), {
          entityType: "email",
          entityValue: `late-${randomBytes(3).toString("hex")}@example.com`,
          reason: "Too late",
          blockedUntil,
        }),
      ).rejects.toMatchObject({
        code: "invalid_block",
        status: 400,
        message: "Block until must be a date in the future",
      });
    }
    await expectFormRefused(
      db,
      admin,
      "block-entity",
      {
        entityType: "email",
        entityValue: "x@example.com",
        reason: "Bad date",
        blockedUntil: "2026-02-30",
      },
      "Block until must be a date (YYYY-MM-DD)",
    );
    expect(await db.db.select().from(blockedEntities)).toEqual(before);
  });

  it("refuses a bad email, a missing reason, a second active block and the admin's own email", async () => {
    const cases = [
      [
        { entityType: "email", entityValue: "not-an-email", reason: "x" },
        "Please enter a valid email address",
      ],
      [{ entityType: "email", entityValue: "a@example.com", reason: "  " }, "Reason is required"],
      [
        { entityType: "phone", entityValue: "a@example.com", reason: "x" },
        "Choose email or IP address",
      ],
      [
        { entityType: "email", entityValue: "", reason: "x" },
        "Enter the email or IP address to block",
      ],
    ] as const;
    const before = await db.db.select().from(blockedEntities);
    for (const [fields, message] of cases) {
      await expectFormRefused(db, admin, "block-entity", fields, message);
    }
    await expect(
      blockEntityForm(asAdmin(), { entityType: "email", entityValue: admin.email, reason: "Oops" }),
    ).rejects.toMatchObject({ code: "own_email", status: 400 });
    expect(await db.db.select().from(blockedEntities)).toEqual(before);
    const email = `twice-${randomBytes(3).toString("hex")}@example.com`;
    await blockEntityForm(asAdmin(), { entityType: "email", entityValue: email, reason: "Once" });
    await expect(
      blockEntityForm(asAdmin(), { entityType: "email", entityValue: email, reason: "Twice" }),
    ).rejects.toMatchObject({
      code: "already_blocked",
      status: 409,
      message: "That email is already blocked.",
    });
  });
});

describe("blocking an IP address", () => {
  it("accepts IPv4 and IPv6 (checked with node:net) and refuses anything else", async () => {
    for (const ip of ["203.0.113.9", "2001:DB8::1"]) {
      const { sessionsEnded } = await blockEntityForm(asAdmin(), {
        entityType: "ip",
        entityValue: ip,
        reason: "Card testing",
      });
      expect(sessionsEnded).toBe(0);
    }
    expect(
      await checkAccess(db.ctx({ now: NOW }), {
        email: "someone@example.com",
        action: "signup",
        ip: "203.0.113.9",
      }),
    ).toEqual({ allowed: false, reason: "Card testing" });
    for (const bad of ["203.0.113.256", "localhost", "1.2.3", "::g"]) {
      await expectFormRefused(
        db,
        admin,
        "block-entity",
        { entityType: "ip", entityValue: bad, reason: "x" },
        "Please enter a valid IPv4 or IPv6 address",
      );
    }
  });
});

describe("unblocking", () => {
  it("deletes the block with an audit row of what it was; an unknown id is a 404", async () => {
    const { blockId } = await blockEntityForm(asAdmin(), {
      entityType: "ip",
      entityValue: "198.51.100.77",
      reason: "Scraping",
    });
    await unblockEntityForm(asAdmin(), { blockId: String(blockId) });
    expect(
      await db.db.select().from(blockedEntities).where(eq(blockedEntities.id, blockId)),
    ).toEqual([]);
    const audits = await auditOf(blockId);
    expect(audits.map((a) => a.action)).toEqual(["block.create", "block.delete"]);
    expect(audits[1]).toMatchObject({
      before: { entityType: "ip", entityValue: "198.51.100.77", reason: "Scraping" },
      after: null,
    });
    await expect(unblockEntityForm(asAdmin(), { blockId: String(blockId) })).rejects.toMatchObject({
      code: "block_not_found",
      status: 404,
    });
    await expectFormRefused(db, admin, "unblock-entity", { blockId: "abc" }, "Block is not valid");
  });

  it("is refused to a moderator (403), like blocking", async () => {
    const mod = db.ctx({ actor: { userId: admin.id, role: "moderator" }, now: NOW });
    const [row] = await db.db
      .insert(blockedEntities)
      .values({ entityType: "ip", entityValue: "192.0.2.44", reason: "Test" })
      .returning();
    await expect(unblockEntityForm(mod, { blockId: String(row!.id) })).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(
      blockEntityForm(mod, { entityType: "ip", entityValue: "192.0.2.45", reason: "Test" }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    expect(await auditOf(row!.id)).toEqual([]);
  });
});

describe("the Fraud tab's lists", () => {
  it("shows blocks newest first with whether each is active, and the newest 100 of each log", async () => {
    await db.db.insert(blockedEntities).values({
      entityType: "ip",
      entityValue: "192.0.2.99",
      reason: "Expired block",
      blockedUntil: new Date("2026-10-01T00:00:00Z"),
      createdAt: new Date("2026-12-01T00:00:00Z"),
    });
    await db.db.insert(loginAttempts).values(
      Array.from({ length: 120 }, (_, i) => ({
        email: `try${i}@example.com`,
        action: "login" as const,
        success: i % 2 === 0,
        failureReason: i % 2 === 0 ? null : "invalid_password",
        ipAddress: "203.0.113.5",
        createdAt: new Date(NOW.getTime() + (i + 1) * 60_000),
      })),
    );
    await db.db.insert(suspiciousActivities).values(
      Array.from({ length: 105 }, (_, i) => ({
        activityType: "rapid_signups",
        severity: "high" as const,
        description: `Burst ${i}`,
        ipAddress: "203.0.113.5",
        createdAt: new Date(NOW.getTime() + (i + 1) * 60_000),
      })),
    );
    const fraud = await loadFraudOverview(asAdmin(), { page: 1, q: "" });
    const [newest] = fraud.blocked.rows;
    expect(newest).toMatchObject({ entityValue: "192.0.2.99", active: false });
    expect(fraud.blocked.rows.filter((r) => r.active).length).toBeGreaterThan(0);
    expect(fraud.loginAttempts).toHaveLength(FRAUD_FETCH_LIMIT);
    expect(fraud.loginAttempts[0]!.email).toBe("try119@example.com");
    expect(fraud.suspicious).toHaveLength(FRAUD_FETCH_LIMIT);
    expect(fraud.suspicious[0]!.description).toBe("Burst 104");
    const searched = await loadFraudOverview(asAdmin(), { page: 1, q: "expired" });
    expect(searched.blocked.total).toBe(1);
  });

  it("is staff only", async () => {
    await expect(
      loadFraudOverview(db.ctx({ actor: { userId: admin.id, role: "user" } }), { page: 1, q: "" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("audit rows", () => {
  it("name the acting admin and are newest first", async () => {
    const rows = await db.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actorId === admin.id && r.actorRole === "admin")).toBe(true);
  });
});
