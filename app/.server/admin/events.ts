import { isDeepStrictEqual } from "node:util";
import { desc, eq } from "drizzle-orm";
import { storeEventColumns, type StoreEvent } from "../catalog/events";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { eventRegistrations, events } from "../db/schema";
import { DomainError } from "../errors";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import {
  announceNewEvent,
  noticeEventCancelled,
  noticeEventMoved,
  scheduleEventReminder,
} from "../catalog/event-news";
import { recordAudit } from "../policy/audit";
import { createdBefore } from "./form-keys";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import { pageTags } from "~/lib/page-cache";
import type { EventFields, EventId, EventUpdate, NewEvent } from "~/lib/schemas/events-admin";
import { storeLocalTime } from "~/lib/time";

/** One row of the Events tab: the event and how many collectors registered. */
export type AdminEvent = StoreEvent & { registrations: number };

type EventRow = typeof events.$inferSelect;

/** What an audit row records of an event: the fields an admin edits. */
const snapshotOf = (event: EventRow) => ({
  title: event.title,
  startsAt: event.startsAt.toISOString(),
  endsAt: event.endsAt.toISOString(),
  location: event.location,
  description: event.description,
});

/** The parsed form's day and times turned into instants on the store's clock. */
function eventValues(form: EventFields) {
  const day = new Date(`${form.date}T12:00:00Z`);
  return {
    title: form.title,
    startsAt: storeLocalTime(day, 0, form.startTime),
    endsAt: storeLocalTime(day, 0, form.endTime),
    location: form.location,
    description: form.description,
  };
}

/** The event `eventId`, locked until the transaction ends; 404 'Event not found' when gone. */
async function lockEvent(tx: TxCtx, eventId: number): Promise<EventRow> {
  const [event] = await tx.db.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw new DomainError("event_not_found", "Event not found", 404);
  return event;
}

/**
 * One page of every event, latest first (docs/product/administration.md "Events"), matching `q`
 * in the title or location, with the total of matches and each event's registrations.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAllEvents(ctx: Ctx, { page, q }: PageQuery): Promise<Paged<AdminEvent>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [events.title, events.location]);
  const matches = ctx.db
    .select({
      ...storeEventColumns,
      registrations: ctx.db.$count(eventRegistrations, eq(eventRegistrations.eventId, events.id)),
    })
    .from(events)
    .where(where)
    .$dynamic();
  const paged = await readPage(ctx.db, page, matches, desc(events.startsAt), desc(events.id));
  return mapPage(paged, (row) => ({ ...row, registrations: Number(row.registrations) }));
}

/**
 * Creates an event from the admin's form (docs/product/administration.md "Events"): the day
 * and times are the store's clock; audited as `event.create`. Takes the form as the seam parsed
 * it with `createEventSchema` (docs/decisions/024-admin-forms-on-conform.md). An event still to come is
 * announced to collectors with event notifications on, and its registered collectors are
 * reminded a day before it starts (docs/decisions/031-news-mails.md). The form's key makes a
 * doubled or retried submission create one event (`createdBefore`).
 * @throws DomainError `forbidden` (403) for anyone but an admin, `idempotency_conflict` (409)
 * when the key made an event with other details.
 */
export async function createEvent(
  ctx: Ctx,
  { idempotencyKey, ...input }: NewEvent,
): Promise<{ eventId: number }> {
  requireStaff(ctx, "manageEvents");
  const values = eventValues(input);
  const eventId = await inTransaction(ctx, async (tx) => {
    invalidatePagesAfterCommit(tx, [pageTags.events]);
    const [event] = await tx.db
      .insert(events)
      .values({ ...values, idempotencyKey })
      .onConflictDoNothing({ target: events.idempotencyKey })
      .returning();
    if (!event) {
      const [earlier] = await tx.db
        .select()
        .from(events)
        .where(eq(events.idempotencyKey, idempotencyKey));
      return createdBefore("event", earlier, (row) =>
        isDeepStrictEqual(snapshotOf(row), snapshotOf({ ...row, ...values })),
      );
    }
    await recordAudit(tx, {
      action: "event.create",
      targetType: "event",
      targetId: event.id,
      before: null,
      after: snapshotOf(event),
    });
    await announceNewEvent(tx, event);
    return event.id;
  });
  return { eventId };
}

/**
 * Edits every field of an event (docs/product/administration.md "Events"); registrations stay.
 * Audited as `event.update` with the fields before and after.
 * Takes `updateEventSchema`'s output. A new start time gets its own reminder
 * (docs/decisions/031-news-mails.md), and a new time or place is told to the registered
 * collectors ({@link noticeEventMoved}).
 * @throws DomainError `event_not_found` (404), `forbidden` (403).
 */
export async function updateEvent(ctx: Ctx, { eventId, ...form }: EventUpdate): Promise<void> {
  requireStaff(ctx, "manageEvents");
  const values = eventValues(form);
  await inTransaction(ctx, async (tx) => {
    invalidatePagesAfterCommit(tx, [pageTags.events]);
    const before = await lockEvent(tx, eventId);
    const [after] = await tx.db
      .update(events)
      .set(values)
      .where(eq(events.id, eventId))
      .returning();
    await recordAudit(tx, {
      action: "event.update",
      targetType: "event",
      targetId: eventId,
      before: snapshotOf(before),
      after: snapshotOf(after!),
    });
    await scheduleEventReminder(tx, after!);
    await noticeEventMoved(tx, before, after!);
  });
}

/**
 * Deletes an event and its registrations (docs/product/administration.md "Events"), audited as
 * `event.delete` with the event and its number of registrations; the registered collectors of
 * an event not over yet are told it is cancelled ({@link noticeEventCancelled}). Answers how
 * many registrations went with it.
 * @throws DomainError `event_not_found` (404), `forbidden` (403).
 */
export async function deleteEvent(
  ctx: Ctx,
  { eventId }: EventId,
): Promise<{ registrations: number }> {
  requireStaff(ctx, "manageEvents");
  return inTransaction(ctx, async (tx) => {
    invalidatePagesAfterCommit(tx, [pageTags.events]);
    const before = await lockEvent(tx, eventId);
    const registrations = await tx.db.$count(
      eventRegistrations,
      eq(eventRegistrations.eventId, eventId),
    );
    await noticeEventCancelled(tx, before);
    await tx.db.delete(events).where(eq(events.id, eventId));
    await recordAudit(tx, {
      action: "event.delete",
      targetType: "event",
      targetId: eventId,
      before: { ...snapshotOf(before), registrations },
      after: null,
    });
    return { registrations };
  });
}
