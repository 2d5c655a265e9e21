import { and, eq } from "drizzle-orm";
import { ownerId } from "../account/account-ctx";
import type { Ctx } from "../context";
import { isForeignKeyViolation } from "../db/pg-errors";
import { eventRegistrations } from "../db/schema";
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
 * Registers the signed-in user for an event, once (issue 4 section 4; sign-in is enough, no
 * verified email needed): `INSERT ... ON CONFLICT DO NOTHING` on the unique (event_id, user_id)
 * key, so repeated or simultaneous registrations store one row; the foreign key refuses an
 * unknown event.
 * @returns `{ registered: true, created }`; `created` is false when they were registered already.
 * @throws DomainError `not_signed_in` (401) for a visitor; `event_not_found` (404).
 */
export async function registerForEvent(
  ctx: Ctx,
  input: EventRegistrationInput,
): Promise<{ registered: true; created: boolean }> {
  const userId = ownerId(ctx);
  const eventId = checkedEventId(input);
  try {
    const inserted = await ctx.db
      .insert(eventRegistrations)
      .values({ eventId, userId, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: eventRegistrations.id });
    return { registered: true, created: inserted.length > 0 };
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new DomainError("event_not_found", "Event not found", 404);
    throw error;
  }
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
