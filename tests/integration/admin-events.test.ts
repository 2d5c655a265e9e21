// The admin's events (docs/product/administration.md "Events"): created, edited and deleted by
// an admin only, each change audited; the day and times are the store's clock; a bad field is
// refused by name and changes nothing.
import { asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listAllEvents } from "~/.server/admin/events";
import { registerForEvent } from "~/.server/catalog/event-registration";
import { adminAuditLog, eventRegistrations, events } from "~/.server/db/schema";
import { eventsTab } from "~/routes/+admin/events.server";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import {
  createEventForm,
  deleteEventForm,
  expectFormRefused,
  updateEventForm,
} from "../helpers/admin-form";
import { type TestDatabase } from "../helpers/db";
import { databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();
let asAdmin: ReturnType<TestDatabase["ctx"]>;
let admin: Collector;
beforeAll(async () => {
  admin = await makeCollector(db);
  asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
});

const FORM = {
  title: "Winter Card Show",
  date: "2026-12-05",
  startTime: "10:00",
  endTime: "18:30",
  location: "PackVault Store, Springfield",
  description: "Dealers, grading on site and a kids' corner.",
};

const auditOf = (eventId: number) =>
  db.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, String(eventId)))
    .orderBy(asc(adminAuditLog.id))
    .then((rows) => rows.filter((row) => row.targetType === "event"));

const rowCounts = async () => ({
  events: (await db.db.select({ n: count() }).from(events))[0]!.n,
  audit: (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
});

describe("an admin's events", () => {
  it("creates an event on the store's clock (New York), edits and deletes it, each audited", async () => {
    const { eventId } = await createEventForm(asAdmin, FORM);
    const [created] = await db.db.select().from(events).where(eq(events.id, eventId));
    // 10:00 and 18:30 EST on Dec 5 are 15:00 and 23:30 UTC.
    expect(created).toMatchObject({
      title: "Winter Card Show",
      startsAt: new Date("2026-12-05T15:00:00Z"),
      endsAt: new Date("2026-12-05T23:30:00Z"),
    });
    // The tab gives the form back the same day and times.
    const tab = await eventsTab.load(asAdmin, new URLSearchParams({ q: "Winter Card" }));
    expect(tab.rows.find((row) => row.id === eventId)).toMatchObject({
      date: "2026-12-05",
      startTime: "10:00",
      endTime: "18:30",
      registrations: 0,
    });

    // A summer day is on daylight time: 10:00 EDT is 14:00 UTC.
    await updateEventForm(asAdmin, { ...FORM, date: "2027-07-10", title: "Summer Show", eventId });
    const [updated] = await db.db.select().from(events).where(eq(events.id, eventId));
    expect(updated!.startsAt).toEqual(new Date("2027-07-10T14:00:00Z"));

    const fan = await makeCollector(db);
    await registerForEvent(as(db, fan), { eventId });
    expect(await deleteEventForm(asAdmin, { eventId: String(eventId) })).toEqual({
      registrations: 1,
    });
    expect(await db.db.select().from(events).where(eq(events.id, eventId))).toEqual([]);
    expect(
      await db.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)),
    ).toEqual([]);

    const audit = await auditOf(eventId);
    expect(audit.map((row) => row.action)).toEqual([
      "event.create",
      "event.update",
      "event.delete",
    ]);
    expect(audit[1]).toMatchObject({
      before: { title: "Winter Card Show", startsAt: "2026-12-05T15:00:00.000Z" },
      after: { title: "Summer Show", startsAt: "2027-07-10T14:00:00.000Z" },
    });
    expect(audit[2]).toMatchObject({
      before: { title: "Summer Show", registrations: 1 },
      after: null,
    });
  });

  it.each([
    [{ title: "  " }, "Title is required"],
    [{ date: "12/05/2026" }, "Date must be a day like 2026-12-05"],
    [{ date: "2026-02-31" }, "Date is not a real day"],
    [{ startTime: "25:00" }, "Start time must be a time like 14:00"],
    [{ endTime: "09:00" }, "The end time must be after the start time"],
    [{ location: "x".repeat(201) }, "Location must be at most 200 characters"],
    [{ description: null }, "Description is required"],
  ])("refuses %o with '%s' at the seam, changing nothing", async (change, message) => {
    const before = await rowCounts();
    await expectFormRefused(db, admin, "create-event", { ...FORM, ...change }, message);
    await expectFormRefused(
      db,
      admin,
      "update-event",
      { ...FORM, ...change, eventId: "1" },
      message,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a form without a valid event id at the seam", async () => {
    for (const eventId of [null, "abc", "0", "-1"]) {
      await expectFormRefused(
        db,
        admin,
        "update-event",
        { ...FORM, eventId },
        "Event is not valid",
      );
      await expectFormRefused(db, admin, "delete-event", { eventId }, "Event is not valid");
    }
  });

  it("lets only an admin change events; a moderator reads them", async () => {
    const { eventId } = await createEventForm(asAdmin, FORM);
    const moderator = await makeCollector(db);
    const asModerator = db.ctx({ actor: { userId: moderator.id, role: "moderator" } });
    const before = await rowCounts();
    for (const ctx of [asModerator, as(db, await makeCollector(db)), db.ctx()]) {
      await expect(createEventForm(ctx, FORM)).rejects.toMatchObject({ status: 403 });
      await expect(updateEventForm(ctx, { ...FORM, eventId })).rejects.toMatchObject({
        status: 403,
      });
      await expect(deleteEventForm(ctx, { eventId })).rejects.toMatchObject({ status: 403 });
    }
    expect(await rowCounts()).toEqual(before);
    const page = await listAllEvents(asModerator, { page: 1, q: "" });
    expect(page.rows.some((row) => row.id === eventId)).toBe(true);
    await expect(
      updateEventForm(asAdmin, { ...FORM, eventId: 2_147_483_647 }),
    ).rejects.toMatchObject({
      code: "event_not_found",
      status: 404,
    });
  });
});
