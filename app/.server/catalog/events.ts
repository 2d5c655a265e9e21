import { asc } from "drizzle-orm";
import type { Ctx } from "../context";
import { events } from "../db/schema";

/** An event at the store, as the Events page shows it. */
export type StoreEvent = {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  description: string;
};

/** The columns of a {@link StoreEvent}, for a select (the Events page, the admin's Events tab). */
export const storeEventColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  location: events.location,
  description: events.description,
};

/** Every event, soonest first (ties by id), for the Events page. */
export function listEvents(ctx: Ctx): Promise<StoreEvent[]> {
  return ctx.db
    .select(storeEventColumns)
    .from(events)
    .orderBy(asc(events.startsAt), asc(events.id));
}
