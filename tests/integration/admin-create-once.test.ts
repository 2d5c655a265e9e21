// An admin's create forms carry a key made when the tab loaded (app/lib/schemas/admin.ts
// `adminFormKeySchema`): a double submit, at once or later, creates one pack or one event, with
// one audit row and one announcement (docs/decisions/031-news-mails.md); the key sent again
// with other details is refused with 409 and changes nothing; a form without a key is refused
// at the seam.
import { randomUUID } from "node:crypto";
import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, events, jobs, packs } from "~/.server/db/schema";
import { eventsTab } from "~/routes/+admin/events.server";
import { packsTab } from "~/routes/+admin/packs.server";
import { expectFormRefused, packForm, postAdminForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const eventForm = () => ({
  idempotencyKey: randomUUID(),
  title: `Card Show ${randomUUID().slice(0, 6)}`,
  date: "2030-12-05",
  startTime: "10:00",
  endTime: "18:30",
  location: "PackVault Store, Springfield",
  description: "Dealers, grading on site and a kids' corner.",
});

const counts = async () => ({
  packs: (await db.db.select({ n: count() }).from(packs))[0]!.n,
  events: (await db.db.select({ n: count() }).from(events))[0]!.n,
  audit: (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
  announcements: (
    await db.db.select({ n: count() }).from(jobs).where(like(jobs.idempotencyKey, "announce:%"))
  )[0]!.n,
});

const post = (intent: string, fields: Record<string, string | null>) =>
  postAdminForm(db, admin, "admin", intent, fields);

const cases = [
  {
    what: "pack",
    intent: "create-pack",
    form: () => packForm(),
    other: { name: "Another pack" },
    table: packs,
    name: (form: Record<string, string | null>) => eq(packs.name, form.name!),
  },
  {
    what: "event",
    intent: "create-event",
    form: eventForm,
    other: { startTime: "11:00" },
    table: events,
    name: (form: Record<string, string | null>) => eq(events.title, form.title!),
  },
] as const;

describe.each(cases)("the $intent form", ({ what, intent, form, other, name }) => {
  const madeBy = async (fields: Record<string, string | null>) =>
    what === "pack"
      ? db.db.select({ id: packs.id }).from(packs).where(name(fields))
      : db.db.select({ id: events.id }).from(events).where(name(fields));

  it(`sent twice at once and once more creates one ${what}, audited and announced once`, async () => {
    const fields = form();
    const before = await counts();
    const answers = await Promise.all([post(intent, fields), post(intent, fields)]);
    answers.push(await post(intent, fields));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer)).toBe(302);
    expect(await madeBy(fields)).toHaveLength(1);
    const after = await counts();
    expect(after).toEqual({
      ...before,
      [`${what}s`]: before[`${what}s`] + 1,
      audit: before.audit + 1,
      // A new pack is created off sale (it has no pool yet): only an event is announced.
      announcements: before.announcements + (what === "pack" ? 0 : 1),
    });
  });

  it(`refuses the key sent again with other details with 409, creating nothing`, async () => {
    const fields = form();
    expect((await post(intent, fields)).status).toBe(302);
    const before = await counts();
    const answer = await post(intent, { ...fields, ...other });
    expect(answer.status).toBe(409);
    expect(answer.toasts.at(-1)?.description ?? answer.toasts.at(-1)?.title).toContain(
      `This ${what} was already created with other details`,
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses a form without a key at the seam, creating nothing", async () => {
    const before = await counts();
    for (const idempotencyKey of [null, "", "not-a-key"]) {
      await expectFormRefused(
        db,
        admin,
        intent,
        { ...form(), idempotencyKey },
        "This form has expired, please reload the page",
      );
    }
    expect(await counts()).toEqual(before);
  });
});

describe("the tabs", () => {
  it("hand each load of the Packs and Events tabs a fresh create key", async () => {
    const ctx = db.ctx({ actor: { userId: admin.id, role: "admin" } });
    const search = new URLSearchParams();
    const keys = [
      (await packsTab.load(ctx, search)).createKey,
      (await packsTab.load(ctx, search)).createKey,
      (await eventsTab.load(ctx, search)).createKey,
    ];
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
