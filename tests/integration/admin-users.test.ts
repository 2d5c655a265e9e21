import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listUsers } from "~/.server/admin/users";
import type { Actor } from "~/.server/context";
import { profiles, redemptions, session, userCards, userRoles } from "~/.server/db/schema";
import { action } from "~/routes/admin";
import {
  formPost,
  makeCollector,
  makeStaff,
  routeContext,
  type Collector,
} from "../helpers/commerce";
import {
  deleteUserForm,
  expectFormRefused,
  updateUserForm,
  auditRowsFor,
} from "../helpers/admin-form";
import { createTestDatabase } from "../helpers/db";
import { databaseForFile, authForFile, staffForFile } from "../helpers/file-setup";
import { vaultCard } from "../helpers/market";
import { fund } from "../helpers/packs";

const db = databaseForFile();
const auth = authForFile(db);
const admin = staffForFile(db, "admin");

const asStaff = (person: Collector, role: "admin" | "moderator" = "admin") =>
  db.ctx({ actor: { userId: person.id, role } satisfies Actor });

const profileOf = async (id: string) =>
  (await db.db.select().from(profiles).where(eq(profiles.id, id)))[0];
const roleRows = (id: string) => db.db.select().from(userRoles).where(eq(userRoles.userId, id));
const auditFor = (id: string) => auditRowsFor(db, id, "newest first");

const editForm = (user: Collector, overrides: Record<string, string> = {}) => ({
  userId: user.id,
  email: user.email,
  fullName: "Casey Collector",
  role: "user",
  ...overrides,
});

describe("editing a user", () => {
  it("changes email (lowercased) and full name, with an audit row of before and after", async () => {
    const ada = await makeCollector(db);
    const email = `Ada-${randomBytes(3).toString("hex")}@Example.com`;
    await updateUserForm(asStaff(admin), editForm(ada, { email, fullName: "  Ada Lovelace " }));
    expect(await profileOf(ada.id)).toMatchObject({
      email: email.toLowerCase(),
      fullName: "Ada Lovelace",
    });
    const [audit] = await auditFor(ada.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: "admin",
      action: "user.update",
      targetType: "user",
      before: { email: ada.email, fullName: "Casey Collector", role: "user" },
      after: { email: email.toLowerCase(), fullName: "Ada Lovelace", role: "user" },
    });
  });

  it("keeps one role row per user: upserts moderator, then admin, then back to user", async () => {
    const ben = await makeCollector(db);
    await updateUserForm(asStaff(admin), editForm(ben, { role: "moderator" }));
    expect((await roleRows(ben.id)).map((r) => r.role)).toEqual(["moderator"]);
    await updateUserForm(asStaff(admin), editForm(ben, { role: "admin" }));
    expect((await roleRows(ben.id)).map((r) => r.role)).toEqual(["admin"]);
    await updateUserForm(asStaff(admin), editForm(ben, { role: "user" }));
    expect((await roleRows(ben.id)).map((r) => r.role)).toEqual(["user"]);
    const page = await listUsers(asStaff(admin), { page: 1, q: ben.email });
    expect(page.rows).toEqual([expect.objectContaining({ id: ben.id, role: "user" })]);
    expect((await auditFor(ben.id)).map((a) => (a.after as { role: string }).role)).toEqual([
      "user",
      "admin",
      "moderator",
    ]);
  });

  it("writes nothing when nothing changed", async () => {
    const cy = await makeCollector(db);
    await updateUserForm(asStaff(admin), editForm(cy));
    expect(await auditFor(cy.id)).toEqual([]);
  });

  it("refuses an email another account uses (any case) with 409 and changes nothing", async () => {
    const dee = await makeCollector(db);
    const eve = await makeCollector(db);
    await expect(
      updateUserForm(
        asStaff(admin),
        editForm(dee, { email: eve.email.toUpperCase(), fullName: "X" }),
      ),
    ).rejects.toMatchObject({
      code: "email_taken",
      status: 409,
      message: "Another account already uses that email address.",
    });
    expect(await profileOf(dee.id)).toMatchObject({
      email: dee.email,
      fullName: "Casey Collector",
    });
    expect(await auditFor(dee.id)).toEqual([]);
  });

  it("refuses a bad email, an empty name or an unknown role with a clear 400", async () => {
    const fay = await makeCollector(db);
    for (const [overrides, message] of [
      [{ email: "not-an-email" }, "Please enter a valid email address"],
      [{ fullName: "   " }, "Full name is required"],
      [{ role: "owner" }, "Role must be user, moderator or admin"],
      [{ email: "" }, "Email is required"],
    ] as const) {
      await expectFormRefused(db, admin, "update-user", editForm(fay, overrides), message);
    }
    await expectFormRefused(db, admin, "delete-user", { userId: "" }, "User is not valid");
    await expect(
      updateUserForm(asStaff(admin), editForm({ ...fay, id: "u_missing" })),
    ).rejects.toMatchObject({ code: "user_not_found", status: 404 });
    expect(await auditFor(fay.id)).toEqual([]);
  });

  it("is the admin's alone: a moderator is refused (403) even calling the domain directly", async () => {
    const mod = await makeStaff(db, "moderator");
    const gus = await makeCollector(db);
    await expect(
      updateUserForm(asStaff(mod, "moderator"), editForm(gus, { role: "admin" })),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(
      deleteUserForm(asStaff(mod, "moderator"), { userId: gus.id }),
    ).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    expect(await roleRows(gus.id)).toEqual([]);
    expect(await profileOf(gus.id)).toBeDefined();
  });
});

describe("the last admin", () => {
  it("cannot demote or delete themselves; with a second admin they can", async () => {
    const fresh = await createTestDatabase();
    try {
      const only = await makeCollector(fresh);
      await fresh.db.insert(userRoles).values({ userId: only.id, role: "admin" });
      const ctx = fresh.ctx({ actor: { userId: only.id, role: "admin" } });
      await expect(
        updateUserForm(ctx, {
          userId: only.id,
          email: only.email,
          fullName: "Only",
          role: "moderator",
        }),
      ).rejects.toMatchObject({ code: "last_admin", status: 409 });
      await expect(deleteUserForm(ctx, { userId: only.id })).rejects.toMatchObject({
        code: "last_admin",
        status: 409,
        message: "This is the only admin. Make another user an admin before deleting this account.",
      });
      const second = await makeCollector(fresh);
      await updateUserForm(ctx, {
        userId: second.id,
        email: second.email,
        fullName: "Second",
        role: "admin",
      });
      await updateUserForm(ctx, {
        userId: only.id,
        email: only.email,
        fullName: "Only",
        role: "user",
      });
      const roles = await fresh.db.select().from(userRoles).where(eq(userRoles.role, "admin"));
      expect(roles.map((r) => r.userId)).toEqual([second.id]);
    } finally {
      await fresh.destroy();
    }
  });
});

describe("deleting a user", () => {
  it("deletes the profile with its sessions and role, after an audit row of who it was", async () => {
    const hal = await makeStaff(db, "moderator");
    await db.db.insert(session).values({
      id: `s_${randomBytes(6).toString("hex")}`,
      token: randomBytes(16).toString("hex"),
      userId: hal.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await deleteUserForm(asStaff(admin), { userId: hal.id });
    expect(await profileOf(hal.id)).toBeUndefined();
    expect(await db.db.select().from(session).where(eq(session.userId, hal.id))).toEqual([]);
    expect(await roleRows(hal.id)).toEqual([]);
    const [audit] = await auditFor(hal.id);
    expect(audit).toMatchObject({
      action: "user.delete",
      before: { email: hal.email, fullName: "Casey Collector", role: "moderator" },
      after: null,
    });
  });

  it("is refused by the Delete Account rules: cards held, a redemption on its way, a balance", async () => {
    const withCard = await makeCollector(db);
    await vaultCard(db, withCard);
    const shipping = await makeCollector(db);
    const redeemed = await vaultCard(db, shipping);
    await db.db
      .update(profiles)
      .set({ fullName: "Shipping Sam" })
      .where(eq(profiles.id, shipping.id));
    await db.db.insert(redemptions).values({
      userId: shipping.id,
      cardId: redeemed,
      shippingName: "Sam",
      shippingAddress: "1 Main St",
      shippingCity: "Springfield",
      shippingState: "IL",
      shippingZip: "62701",
      status: "shipped",
    });
    // The card left the vault when redeemed.
    await db.db.update(userCards).set({ status: "redeemed" }).where(eq(userCards.id, redeemed));
    const funded = await makeCollector(db);
    await fund(db, funded.id, 1_00);

    for (const [user, code] of [
      [withCard, "owns_cards"],
      [shipping, "redemption_in_progress"],
      [funded, "wallet_balance"],
    ] as const) {
      await expect(deleteUserForm(asStaff(admin), { userId: user.id })).rejects.toMatchObject({
        code,
        status: 409,
        message: expect.stringMatching(/^This user/),
      });
      expect(await profileOf(user.id), code).toBeDefined();
      expect(await auditFor(user.id), code).toEqual([]);
    }
  });

  it("answers through /admin with the spec's toasts: success redirect, or the error title with the server's message", async () => {
    const context = { ...routeContext(db, auth, admin) };
    context.user = { ...context.user!, role: "admin" };
    const post = (fields: Record<string, string>) =>
      action({
        request: formPost("/admin?tab=users&page=1&q=x", fields),
        params: {},
        context,
      } as Parameters<typeof action>[0]);

    const ivy = await makeCollector(db);
    const done = (await post({ intent: "delete-user", userId: ivy.id })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin?tab=users&page=1&q=x");
    expect(done.headers.get("Set-Cookie")).toContain("packvault.toast=");

    const jo = await makeCollector(db);
    await vaultCard(db, jo);
    const refused = (await post({ intent: "delete-user", userId: jo.id })) as unknown as {
      data: { toasts: { kind: string; title: string; description: string }[] };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.toasts).toEqual([
      expect.objectContaining({
        kind: "error",
        title: "Error deleting user",
        description: expect.stringMatching(/^This user still owns cards/),
      }),
    ]);
  });
});

describe("the users list", () => {
  it("searches email or name case-insensitively, 50 a page, with the total", async () => {
    const tag = randomBytes(3).toString("hex");
    for (let i = 0; i < 3; i++) {
      const person = await makeCollector(db);
      await db.db
        .update(profiles)
        .set({ fullName: `Zed ${tag} ${i}` })
        .where(eq(profiles.id, person.id));
    }
    const found = await listUsers(asStaff(admin), { page: 1, q: `ZED ${tag.toUpperCase()}` });
    expect(found).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(found.rows).toHaveLength(3);
    const beyond = await listUsers(asStaff(admin), { page: 99, q: tag });
    expect(beyond.page).toBe(1);
    const all = await listUsers(asStaff(admin), { page: 1, q: "" });
    expect(all.rows.length).toBe(Math.min(50, all.total));
    await expect(
      listUsers(db.ctx({ actor: { userId: admin.id, role: "user" } }), { page: 1, q: "" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
