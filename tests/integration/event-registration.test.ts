import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cancelEventRegistration,
  registerForEvent,
  registeredEventIds,
} from "~/.server/catalog/event-registration";
import { listEvents } from "~/.server/catalog/events";
import type { Ctx } from "~/.server/context";
import { eventRegistrations, profiles } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const NOW = new Date("2026-11-01T12:00:00Z");
let db: TestDatabase;
let ada: Ctx;
let bo: Ctx;
/** The seeded events that have not ended at NOW, soonest first. */
let eventIds: number[];
/** The seeded event that ended before NOW (the Monthly Card Show, 9 days earlier). */
let pastEventId: number;

async function collector(id: string): Promise<Ctx> {
  // Not verified: registration needs sign-in only.
  await db.db.insert(profiles).values({ id, fullName: id, email: `${id}@example.com` });
  return db.ctx({ actor: { userId: id, role: "user" }, now: NOW });
}

const registrations = (userId: string, eventId: number) =>
  db.db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.userId, userId), eq(eventRegistrations.eventId, eventId)));

beforeAll(async () => {
  db = await createTestDatabase();
  await seedIfEmpty(db.db, NOW);
  ada = await collector("ada");
  bo = await collector("bo");
  const events = await listEvents(ada);
  eventIds = events.filter((e) => e.endsAt > NOW).map((e) => e.id);
  pastEventId = events.find((e) => e.endsAt <= NOW)!.id;
});
afterAll(() => db.destroy());

describe("event registration", () => {
  it("registers a collector once per event, even under 10 simultaneous registrations", async () => {
    const [first] = eventIds;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => registerForEvent(ada, { eventId: first! })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await registrations("ada", first!)).toHaveLength(1);
    expect(await registeredEventIds(ada)).toEqual([first]);
  });

  it("cancels only the collector's own registration", async () => {
    const [, second] = eventIds;
    await registerForEvent(ada, { eventId: second! });
    await registerForEvent(bo, { eventId: second! });
    expect(await cancelEventRegistration(bo, { eventId: second! })).toEqual({
      registered: false,
      cancelled: true,
    });
    expect(await registrations("bo", second!)).toHaveLength(0);
    expect(await registrations("ada", second!)).toHaveLength(1);
    expect(await cancelEventRegistration(bo, { eventId: second! })).toEqual({
      registered: false,
      cancelled: false,
    });
  });

  it("refuses an event that has ended with 'This event has ended' and stores nothing", async () => {
    await expect(registerForEvent(ada, { eventId: pastEventId })).rejects.toMatchObject({
      code: "event_ended",
      message: "This event has ended",
      status: 409,
    });
    expect(await registrations("ada", pastEventId)).toHaveLength(0);
    // The same event, one minute before it ended, took registrations.
    const [event] = (await listEvents(ada)).filter((e) => e.id === pastEventId);
    const justBefore = db.ctx({
      actor: { userId: "bo", role: "user" },
      now: new Date(event!.endsAt.getTime() - 60_000),
    });
    await expect(registerForEvent(justBefore, { eventId: pastEventId })).resolves.toEqual({
      registered: true,
      created: true,
    });
  });

  it("refuses an unknown event and a visitor; a visitor has no registrations to show", async () => {
    await expect(registerForEvent(ada, { eventId: 999_999 })).rejects.toMatchObject({
      code: "event_not_found",
      status: 404,
    });
    await expect(registerForEvent(db.ctx(), { eventId: eventIds[0]! })).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
    expect(await registeredEventIds(db.ctx())).toBeNull();
  });
});
