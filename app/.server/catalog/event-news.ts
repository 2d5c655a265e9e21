import { asc, eq } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { eventRegistrations, events } from "../db/schema";
import { enqueueJob, type JobExecutor, type JobHandlers } from "../queue/queue";
import { announce } from "../notifications/announcements";
import { notify, type NotifyInput } from "../notifications/notify";
import { STORE } from "~/lib/store";
import { formatInstant } from "~/lib/time";

/** The job kind that reminds an event's registered collectors that it starts soon. */
export const EVENT_REMINDER_JOB = "event.remind";
/** How long before an event starts its registered collectors are reminded: 24 hours. */
export const EVENT_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** Where events are listed and registered for. */
const EVENTS_LINK = "/events";

type EventFacts = { id: number; title: string; startsAt: Date; location: string };

/** When an event starts, on the store's clock where it takes place (decision 029). */
const startsText = (event: EventFacts) =>
  formatInstant(event.startsAt, { timeZone: STORE.timeZone });

/**
 * What staff creating an event tells collectors (docs/decisions/031-news-mails.md), in the
 * creating transaction `tx`: an event still to come is announced by mail to every collector
 * with event notifications on (keyed by the event: once), and its reminder is scheduled
 * ({@link scheduleEventReminder}).
 */
export async function announceNewEvent(
  tx: { db: JobExecutor; now: () => Date },
  event: EventFacts,
): Promise<void> {
  if (event.startsAt.getTime() <= tx.now().getTime()) return;
  await announce(tx.db, {
    key: `event:${event.id}`,
    category: "eventNotifications",
    title: `New event: ${event.title}`,
    body: `${event.title}, ${startsText(event)}, at ${event.location}. Register on the events page to save your place.`,
    link: EVENTS_LINK,
  });
  await scheduleEventReminder(tx, event);
}

/**
 * Queues the reminder of an event that starts in the future (docs/decisions/031-news-mails.md):
 * one `event.remind` job due {@link EVENT_REMINDER_LEAD_MS} before the start (at once when the
 * start is nearer), keyed by the event and its start, so saving the event again queues nothing
 * more and moving it queues a reminder for the new start (the old one then finds the start
 * changed and tells nobody). Joins the caller's transaction `tx.db`.
 */
export async function scheduleEventReminder(
  tx: { db: JobExecutor; now: () => Date },
  event: Pick<EventFacts, "id" | "startsAt">,
): Promise<void> {
  const now = tx.now().getTime();
  const starts = event.startsAt.getTime();
  if (starts <= now) return;
  await enqueueJob(tx.db, {
    kind: EVENT_REMINDER_JOB,
    payload: { eventId: event.id, startsAt: event.startsAt.toISOString() },
    runAt: new Date(Math.max(now, starts - EVENT_REMINDER_LEAD_MS)),
    key: `event:${event.id}:remind:${event.startsAt.toISOString()}`,
  });
}

/**
 * Reminds every collector registered for the event that it starts soon, in one transaction:
 * an in-app notification each (`event.reminder`) and, with their event notifications on, a
 * mail (notify, keyed by event, start and collector: a job run again tells nobody twice).
 * Nothing when the event is gone, already started, or now starts at another time than
 * `startsAt` (its reminder for the new start does it).
 * @returns how many collectors it told.
 */
export async function remindRegisteredCollectors(
  ctx: Ctx,
  input: { eventId: number; startsAt: string },
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const [event] = await tx.db.select().from(events).where(eq(events.id, input.eventId));
    if (!event || event.startsAt.toISOString() !== input.startsAt) return 0;
    if (event.startsAt.getTime() <= tx.now().getTime()) return 0;
    return tellRegistrants(tx, event.id, {
      kind: "event.reminder",
      title: `Reminder: ${event.title} starts ${startsText(event)}`,
      body: `${event.title} starts ${startsText(event)}, at ${event.location}. You registered for it: see you there.`,
      key: `event:${event.id}:reminder:${input.startsAt}`,
    });
  });
}

/** The collectors registered for an event, by id. */
async function registrantsOf(tx: TxCtx, eventId: number): Promise<string[]> {
  const rows = await tx.db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.userId));
  return rows.map((r) => r.userId);
}

/**
 * Tells every collector registered for event `eventId` the same news, linking to the events page:
 * an in-app notification each and, with their event notifications on, a mail. Each collector's
 * notice is keyed `<key>:<their id>`, so telling again tells nobody twice.
 * @returns how many collectors it told.
 */
async function tellRegistrants(
  tx: TxCtx,
  eventId: number,
  news: Pick<NotifyInput, "kind" | "title" | "body" | "key">,
): Promise<number> {
  let told = 0;
  for (const userId of await registrantsOf(tx, eventId)) {
    const sent = await notify(tx, {
      ...news,
      userId,
      link: EVENTS_LINK,
      key: `${news.key}:${userId}`,
    });
    if (sent) told += 1;
  }
  return told;
}

/**
 * Tells every collector registered for an event that staff moved it (a new start, end or
 * place), in the updating transaction `tx`: an in-app notification each (`event.changed`) and,
 * with their event notifications on, a mail; keyed by the change, so a retried save tells
 * nobody twice. Nothing when neither time nor place changed (a new title or description),
 * or when the event is over.
 * @returns how many collectors it told.
 */
export async function noticeEventMoved(
  tx: TxCtx,
  before: EventFacts & { endsAt: Date },
  after: EventFacts & { endsAt: Date },
): Promise<number> {
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.location !== after.location;
  if (!moved || after.endsAt.getTime() <= tx.now().getTime()) return 0;
  const change = `${after.startsAt.toISOString()}:${after.endsAt.toISOString()}:${after.location}`;
  return tellRegistrants(tx, after.id, {
    kind: "event.changed",
    title: `${after.title} has moved: now ${startsText(after)}`,
    body: `${after.title}, which you registered for, now starts ${startsText(after)}, at ${after.location} (it was ${startsText(before)}, at ${before.location}). Your registration stays.`,
    key: `event:${after.id}:moved:${change}`,
  });
}

/**
 * Tells every collector registered for an event that staff cancelled (deleted) it, in the
 * deleting transaction `tx`, before its registrations go: an in-app notification each
 * (`event.cancelled`) and, with their event notifications on, a mail. Nothing for an event
 * that is over.
 * @returns how many collectors it told.
 */
export async function noticeEventCancelled(
  tx: TxCtx,
  event: EventFacts & { endsAt: Date },
): Promise<number> {
  if (event.endsAt.getTime() <= tx.now().getTime()) return 0;
  return tellRegistrants(tx, event.id, {
    kind: "event.cancelled",
    title: `${event.title} is cancelled`,
    body: `${event.title}, ${startsText(event)}, at ${event.location}, which you registered for, is cancelled. Your registration is removed; see the events page for what else is coming.`,
    key: `event:${event.id}:cancelled`,
  });
}

/** The handler of `event.remind`. */
export const eventReminderJobHandlers: JobHandlers = {
  [EVENT_REMINDER_JOB]: async (ctx, payload) => {
    const told = await remindRegisteredCollectors(
      ctx,
      payload as { eventId: number; startsAt: string },
    );
    if (told > 0) ctx.log.info({ told, eventId: payload.eventId }, "event reminder sent");
  },
};
