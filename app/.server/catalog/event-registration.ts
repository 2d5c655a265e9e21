import { and, eq, sql } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { queryRows } from "../db/rows";
import { eventRegistrations, events } from "../db/schema";
import { DomainError } from "../errors";
import { eventRegistrationSchema, type EventRegistrationInput } from "~/lib/schemas/events";

/** The signed-in user's registrations only: every query here goes through this filter. */
const ownRegistrations = (ctx: Ctx) => eq(eventRegistrations.userId, ownerId(ctx));

function checkedEventId(input: EventRegistrationInput): number {
  const parsed = eventRegistrationSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("event_not_found", "Event not found", 404);
  return parsed.data.eventId;
}

/**
 * Registers the signed-in user for an event that has not ended yet, once (docs/product/catalogue.md;
 * sign-in is enough, no verified email needed). One `INSERT ... SELECT ... WHERE ends_at > now
 * ON CONFLICT DO NOTHING` on the unique (event_id, user_id) key: repeated or simultaneous
 * registrations store one row, and an event that has ended (ctx.now at or after its end) gets
 * none, whatever the page showed.
 * @returns `{ registered: true, created }`; `created` is false when they were registered already.
 * @throws DomainError `not_signed_in` (401) for a visitor; `event_not_found` (404);
 *   `event_ended` (409) 'This event has ended'.
 */
export async function registerForEvent(
  ctx: Ctx,
  input: EventRegistrationInput,
): Promise<{ registered: true; created: boolean }> {
  const userId = ownerId(ctx);
  const eventId = checkedEventId(input);
  const now = ctx.now();
  const inserted = await queryRows<{ id: number }>(
    ctx.db,
    sql`INSERT INTO event_registrations (event_id, user_id, created_at)
        SELECT e.id, ${userId}, ${now.toISOString()}::timestamptz FROM events e
        WHERE e.id = ${eventId} AND e.ends_at > ${now.toISOString()}::timestamptz
        ON CONFLICT (event_id, user_id) DO NOTHING
        RETURNING id`,
  );
  if (inserted.length > 0) return { registered: true, created: true };
  // Nothing inserted: already registered, or the event has ended, or there is no such event.
  const [event] = await ctx.db
    .select({ endsAt: events.endsAt })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new DomainError("event_not_found", "Event not found", 404);
  if (event.endsAt.getTime() <= now.getTime()) {
    throw new DomainError("event_ended", "This event has ended", 409);
  }
  return { registered: true, created: false };
}

/**
 * Cancels the signed-in user's own registration for an event; another user's registration is
 * never touched, and cancelling one that does not exist changes nothing.
 * @returns `{ registered: false, cancelled }`; `cancelled` is false when there was none.
 * @throws DomainError `not_signed_in` (401) for a visitor; `event_not_found` (404) for a bad id.
 */
export async function cancelEventRegistration(
  ctx: Ctx,
  input: EventRegistrationInput,
): Promise<{ registered: false; cancelled: boolean }> {
  const eventId = checkedEventId(input);
  const deleted = await ctx.db
    .delete(eventRegistrations)
    .where(and(ownRegistrations(ctx), eq(eventRegistrations.eventId, eventId)))
    .returning({ id: eventRegistrations.id });
  return { registered: false, cancelled: deleted.length > 0 };
}

/**
 * The ids of the events the signed-in user is registered for, for the Events page's buttons;
 * `null` for a visitor (no query is made), whose Register buttons go to /auth.
 */
export async function registeredEventIds(ctx: Ctx): Promise<number[] | null> {
  if (!ctx.actor) return null;
  const rows = await ctx.db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(ownRegistrations(ctx));
  return rows.map((row) => row.eventId);
}
