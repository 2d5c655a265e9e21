// News mails under the two other email preferences of /account (docs/decisions/031-news-mails.md):
// a pack staff put on sale is mailed to collectors with "new arrivals and promotions" on, a new
// event to those with "event notifications" on, and an event's registered collectors are
// reminded a day before it starts. Mailed from the queue in batches, never in the request;
// exactly one mail per collector per piece of news, also when the staff action is retried (on
// PostgreSQL the retries race on a pool); each mail's unsubscribe link turns off its own kind.
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
// The staff functions as the seam calls them: the posted fields parsed with the intent's schema.
import {
  createEventForm as createEvent,
  createPackForm as createPack,
  createPackOnSale,
  giveCommittedPool,
  deleteEventForm as deleteEvent,
  packForm,
  updateEventForm as updateEvent,
  updatePackForm as updatePack,
} from "../helpers/admin-form";
import { registerForEvent } from "~/.server/catalog/event-registration";
import { jobs, mailOutbox, notifications, profiles } from "~/.server/db/schema";
import { unsubscribeByLink } from "~/.server/mail/unsubscribe";
import { ANNOUNCE_BATCH, ANNOUNCE_JOB } from "~/.server/notifications/announcements";
import { TEST_SECRET, runQueuedJobs } from "../helpers/auth";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { type TestDatabase } from "../helpers/db";
import { databaseForFile } from "../helpers/file-setup";
import { settle } from "../helpers/packs";

const db = databaseForFile();
let asAdmin: ReturnType<TestDatabase["ctx"]>;
beforeAll(async () => {
  const admin = await makeCollector(db);
  await db.db.update(profiles).set({ emailNewArrivals: false }).where(eq(profiles.id, admin.id));
  asAdmin = db.ctx({ actor: { userId: admin.id, role: "admin" } });
});
// Each test mails whoever is opted in at that moment: earlier tests' collectors opt out.
beforeEach(async () => {
  await db.db.update(profiles).set({ emailNewArrivals: false, emailEventNotifications: false });
});

const eventForm = (date: string, startTime = "19:00") => ({
  title: `Trading Night ${randomUUID().slice(0, 6)}`,
  date,
  startTime,
  endTime: "21:30",
  location: "PackVault Store, Springfield",
  description: "Trade, grade and meet other collectors.",
});

/** A collector with the two news preferences as given (order updates stay on). */
async function reader(
  prefs: { newArrivals?: boolean; events?: boolean },
  { verified = true } = {},
): Promise<Collector> {
  const who = await makeCollector(db, { verified });
  await db.db
    .update(profiles)
    .set({
      emailNewArrivals: prefs.newArrivals ?? false,
      emailEventNotifications: prefs.events ?? false,
    })
    .where(eq(profiles.id, who.id));
  return who;
}

/** Runs the queue until it is idle (an announcement queues mail jobs, which then run). */
async function drain(now?: Date) {
  for (let i = 0; i < 5; i++) {
    const { done, failed } = await runQueuedJobs(db, { now });
    expect(failed).toBe(0);
    if (done === 0) return;
  }
}

const subjectsTo = async (who: Collector) =>
  (await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email)))
    .map((m) => m.subject)
    .sort();

/**
 * Three event-news readers and a new event at `date` `startTime` (store time): `keen` (mail on)
 * and `quiet` (mail off) registered for it, `bystander` (mail on) not.
 */
async function registeredEvent(date: string, startTime: string) {
  const keen = await reader({ events: true });
  const quiet = await reader({ events: false });
  const bystander = await reader({ events: true });
  const form = eventForm(date, startTime);
  const { eventId } = await createEvent(asAdmin, form);
  for (const who of [keen, quiet]) await registerForEvent(as(db, who), { eventId });
  return { keen, quiet, bystander, form, eventId };
}

describe("new arrivals: a pack staff put on sale", () => {
  it("is mailed once to each verified collector with new arrivals on, never in the request", async () => {
    const keen = await reader({ newArrivals: true });
    const off = await reader({ newArrivals: false, events: true });
    const unverified = await reader({ newArrivals: true }, { verified: false });
    const form = packForm();
    const { packId } = await createPackOnSale(db, asAdmin, form);
    // Nothing is mailed yet: one announcement job waits for the worker.
    expect(await subjectsTo(keen)).toEqual([]);
    const queued = await db.db.select().from(jobs).where(eq(jobs.kind, ANNOUNCE_JOB));
    expect(queued.map((job) => job.idempotencyKey)).toContain(
      `announce:new-arrival:pack:${packId}`,
    );
    await drain();
    expect(await subjectsTo(keen)).toEqual([`Now available: ${form.name}`]);
    expect(await subjectsTo(off)).toEqual([]);
    expect(await subjectsTo(unverified)).toEqual([]);
    const [mail] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, keen.email));
    expect(mail!.text).toContain(`http://localhost:3000/pack/${packId}`);
    expect(mail!.text).toContain("$12.50");
    expect(mail!.text).toMatch(/Unsubscribe from new arrivals and promotions: http:\/\/\S+/);
    // In the mail only: the bell is for what happens to one's own things.
    expect(
      await db.db.select().from(notifications).where(eq(notifications.userId, keen.id)),
    ).toEqual([]);
  });

  it("a pack created off sale says nothing; putting it on sale, retried at once and again, mails once", async () => {
    const keen = await reader({ newArrivals: true });
    const form = packForm({ isActive: null });
    const { packId } = await createPack(asAdmin, form);
    await giveCommittedPool(db, packId);
    await drain();
    expect(await subjectsTo(keen)).toEqual([]);
    const putOnSale = () =>
      updatePack(asAdmin, { ...form, isActive: "on", packId: String(packId) });
    await settle([putOnSale(), putOnSale()]);
    await putOnSale();
    await drain();
    expect(await subjectsTo(keen)).toEqual([`Now available: ${form.name}`]);
    // Off sale and on again, or an edit of a pack already on sale: no news.
    await updatePack(asAdmin, { ...form, isActive: null, packId: String(packId) });
    await putOnSale();
    await updatePack(asAdmin, { ...form, price: "13.00", packId: String(packId) });
    await drain();
    expect(await subjectsTo(keen)).toEqual([`Now available: ${form.name}`]);
  });

  it(`mails in batches of ${ANNOUNCE_BATCH}, each collector once, also when a batch runs again`, async () => {
    const n = ANNOUNCE_BATCH * 2 + 17;
    const ids = Array.from({ length: n }, () => `u_batch_${randomUUID()}`);
    await db.db.insert(profiles).values(
      ids.map((id) => ({
        id,
        email: `${id}@example.com`,
        fullName: "Batch Reader",
        emailVerified: true,
        emailNewArrivals: true,
      })),
    );
    const { packId } = await createPackOnSale(db, asAdmin, packForm());
    const noMail = { "mail.send": async () => {} };
    let runs = 0;
    for (let i = 0; i < 10; i++) {
      const { done } = await runQueuedJobs(db, { handlers: noMail });
      if (done === 0) break;
      runs += 1;
      // An announcement batch run again (a worker died after it): it mails nobody twice.
      if (i === 0) {
        await db.db
          .update(jobs)
          .set({ status: "queued", runAt: new Date(0) })
          .where(eq(jobs.idempotencyKey, `announce:new-arrival:pack:${packId}`));
      }
    }
    expect(runs).toBeGreaterThan(0);
    const batches = await db.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `announce:new-arrival:pack:${packId}%`));
    expect(batches).toHaveLength(3);
    const mails = await db.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(like(jobs.idempotencyKey, `mail:announce:new-arrival:pack:${packId}:%`));
    const to = mails.map((m) => (m.payload as { to: string }).to);
    expect(to).toHaveLength(n);
    expect(new Set(to)).toEqual(new Set(ids.map((id) => `${id}@example.com`)));
    await db.db
      .update(profiles)
      .set({ emailNewArrivals: false })
      .where(like(profiles.id, "u_batch_%"));
  });
});

describe("event notifications", () => {
  it("a new event is mailed once to collectors with event notifications on (off by default)", async () => {
    const keen = await reader({ events: true });
    const byDefault = await makeCollector(db);
    const form = eventForm("2030-03-14");
    const create = () => createEvent(asAdmin, form);
    const { eventId } = await create();
    await drain();
    expect(await subjectsTo(keen)).toEqual([`New event: ${form.title}`]);
    expect(await subjectsTo(byDefault)).toEqual([]);
    const [mail] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, keen.email));
    // 19:00 on the store's clock (New York), said so.
    expect(mail!.text).toContain("Mar 14, 2030, 7:00 PM EDT");
    expect(mail!.text).toContain("http://localhost:3000/events");
    expect(eventId).toBeGreaterThan(0);
  });

  it("reminds the registered collectors a day before, in the app and by mail if they opted in; once", async () => {
    const { keen, quiet, bystander, form } = await registeredEvent("2030-05-20", "18:00");
    await drain();
    const announced = `New event: ${form.title}`;
    expect(await subjectsTo(keen)).toEqual([announced]);
    // 18:00 EDT on May 20 is 22:00 UTC: two days before, nobody is reminded yet.
    const starts = new Date("2030-05-20T22:00:00Z").getTime();
    await drain(new Date(starts - 48 * 3_600_000));
    expect(await subjectsTo(keen)).toEqual([announced]);
    const dayBefore = new Date(starts - 23 * 3_600_000);
    await drain(dayBefore);
    await drain(dayBefore);
    const reminder = `Reminder: ${form.title} starts May 20, 2030, 6:00 PM EDT`;
    expect(await subjectsTo(keen)).toEqual([announced, reminder].sort());
    expect(await subjectsTo(quiet)).toEqual([]);
    expect(await subjectsTo(bystander)).toEqual([announced]);
    for (const who of [keen, quiet]) {
      const inbox = await db.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, who.id));
      expect(inbox.map((n) => [n.kind, n.title])).toEqual([["event.reminder", reminder]]);
    }
  });

  it("a moved event is reminded at its new start only; saving it again schedules nothing more", async () => {
    const keen = await reader({ events: true });
    const form = eventForm("2030-07-01", "10:00");
    const { eventId } = await createEvent(asAdmin, form);
    await registerForEvent(as(db, keen), { eventId });
    const moved = { ...form, date: "2030-07-08", eventId: String(eventId) };
    await settle([updateEvent(asAdmin, moved), updateEvent(asAdmin, moved)]);
    await updateEvent(asAdmin, moved);
    const reminders = await db.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `event:${eventId}:remind:%`));
    expect(reminders).toHaveLength(2);
    // 10:00 EDT is 14:00 UTC; a day before the old start, the old reminder tells nobody.
    await drain(new Date("2030-06-30T15:00:00Z"));
    expect((await subjectsTo(keen)).filter((s) => s.startsWith("Reminder"))).toEqual([]);
    await drain(new Date("2030-07-07T15:00:00Z"));
    expect((await subjectsTo(keen)).filter((s) => s.startsWith("Reminder"))).toEqual([
      `Reminder: ${form.title} starts Jul 8, 2030, 10:00 AM EDT`,
    ]);
  });
});

describe("an event moved or cancelled by staff", () => {
  const inboxOf = async (who: Collector) =>
    (await db.db.select().from(notifications).where(eq(notifications.userId, who.id)))
      .map((n) => [n.kind, n.title])
      .sort();

  it("tells its registered collectors once, in the app and by mail if they opted in; a new title alone tells nobody", async () => {
    const { keen, quiet, bystander, form, eventId } = await registeredEvent("2030-09-10", "18:00");
    const renamed = { ...form, title: `${form.title} (renamed)`, eventId: String(eventId) };
    await updateEvent(asAdmin, renamed);
    await drain();
    expect(await inboxOf(keen)).toEqual([]);
    const moved = { ...renamed, date: "2030-09-17", location: "PackVault Annex, Springfield" };
    await settle([updateEvent(asAdmin, moved), updateEvent(asAdmin, moved)]);
    await updateEvent(asAdmin, moved);
    await drain();
    const title = `${renamed.title} has moved: now Sep 17, 2030, 6:00 PM EDT`;
    for (const who of [keen, quiet]) {
      expect(await inboxOf(who)).toEqual([["event.changed", title]]);
    }
    const [told] = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, keen.id));
    expect(told!.body).toContain("PackVault Annex, Springfield");
    expect(told!.body).toContain("it was Sep 10, 2030, 6:00 PM EDT, at PackVault Store");
    const announced = `New event: ${form.title}`;
    expect(await subjectsTo(keen)).toEqual([announced, title].sort());
    expect(await subjectsTo(quiet)).toEqual([]);
    expect(await subjectsTo(bystander)).toEqual([announced]);
    expect(await inboxOf(bystander)).toEqual([]);
  });

  it("tells its registered collectors it is cancelled when deleted; a retried delete is refused and tells nobody twice", async () => {
    const keen = await reader({ events: true });
    const bystander = await reader({ events: true });
    const form = eventForm("2030-10-01", "18:00");
    const { eventId } = await createEvent(asAdmin, form);
    await registerForEvent(as(db, keen), { eventId });
    const drop = () => deleteEvent(asAdmin, { eventId: String(eventId) });
    const { fulfilled, rejected } = await settle([drop(), drop()]);
    expect(fulfilled).toEqual([{ registrations: 1 }]);
    expect(rejected).toMatchObject([{ code: "event_not_found" }]);
    await drain();
    const cancelled = `${form.title} is cancelled`;
    expect(await inboxOf(keen)).toEqual([["event.cancelled", cancelled]]);
    expect(await subjectsTo(keen)).toEqual([`New event: ${form.title}`, cancelled].sort());
    expect(await inboxOf(bystander)).toEqual([]);
    // Its reminder, still queued, finds the event gone and tells nobody.
    await drain(new Date("2030-09-30T23:00:00Z"));
    expect(await inboxOf(keen)).toHaveLength(1);
  });

  it("tells nobody when an event already over is moved or deleted", async () => {
    const keen = await reader({ events: true });
    const form = eventForm("2030-11-05", "18:00");
    const { eventId } = await createEvent(asAdmin, form);
    await registerForEvent(as(db, keen), { eventId });
    await drain();
    const later = db.ctx({ actor: asAdmin.actor, now: new Date("2030-12-01T00:00:00Z") });
    await updateEvent(later, { ...form, location: "Elsewhere", eventId: String(eventId) });
    await deleteEvent(later, { eventId: String(eventId) });
    await drain();
    expect(await inboxOf(keen)).toEqual([]);
    expect(await subjectsTo(keen)).toEqual([`New event: ${form.title}`]);
  });
});

describe("unsubscribing from one kind of news", () => {
  it("the new-arrivals link turns off new arrivals only: events and order updates still come", async () => {
    const both = await reader({ newArrivals: true, events: true });
    await createPackOnSale(db, asAdmin, packForm());
    await drain();
    const [mail] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, both.email));
    const link = new URL(mail!.text.match(/http:\/\/localhost:3000\/unsubscribe\?\S+/)![0]);
    expect(link.searchParams.get("c")).toBe("newArrivals");
    await unsubscribeByLink(db.ctx(), TEST_SECRET, Object.fromEntries(link.searchParams));
    const [prefs] = await db.db.select().from(profiles).where(eq(profiles.id, both.id));
    expect(prefs).toMatchObject({
      emailNewArrivals: false,
      emailEventNotifications: true,
      emailOrderUpdates: true,
    });
    const next = packForm();
    await createPackOnSale(db, asAdmin, next);
    const event = eventForm("2030-09-09");
    await createEvent(asAdmin, event);
    await drain();
    const subjects = await subjectsTo(both);
    expect(subjects).not.toContain(`Now available: ${next.name}`);
    expect(subjects).toContain(`New event: ${event.title}`);
  });
});
