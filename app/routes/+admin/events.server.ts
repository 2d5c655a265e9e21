import { randomUUID } from "node:crypto";
import {
  createEvent,
  deleteEvent,
  listAllEvents,
  updateEvent,
  type AdminEvent,
} from "~/.server/admin/events";
import type { Ctx } from "~/.server/context";
import type { PageQuery } from "~/.server/policy/paging";
import { createEventSchema, eventIdSchema, updateEventSchema } from "~/lib/schemas/events-admin";
import { storeWallClock } from "~/lib/time";
import { loadPaged, saveIntents, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** An event row with its day and times on the store's clock, for the edit form. */
export type AdminEventRow = AdminEvent & { date: string; startTime: string; endTime: string };

/** What the Events tab shows: a page of events, the search, and whether they can be managed. */
export type EventsTabData = PagedTabData<AdminEventRow, "canManage"> & { createKey: string };

const plural = (n: number) => `${n} ${n === 1 ? "registration was" : "registrations were"}`;

/** A page of events, each with its day and times on the store's clock. */
async function listEventRows(ctx: Ctx, query: PageQuery) {
  const page = await listAllEvents(ctx, query);
  return {
    ...page,
    rows: page.rows.map((event): AdminEventRow => {
      const start = storeWallClock(event.startsAt);
      return {
        ...event,
        date: start.day,
        startTime: start.time,
        endTime: storeWallClock(event.endsAt).time,
      };
    }),
  };
}

const loadEvents = loadPaged(listEventRows, { canManage: "manageEvents" });

/** Events (docs/product/administration.md "Events": create, edit, delete; admins only). */
export const eventsTab: AdminTabServer<EventsTabData> = {
  async load(ctx, search) {
    return { ...(await loadEvents(ctx, search)), createKey: randomUUID() };
  },
  intents: {
    ...saveIntents(
      "event",
      "manageEvents",
      { schema: createEventSchema, run: createEvent },
      { schema: updateEventSchema, run: updateEvent },
    ),
    "delete-event": adminIntent({
      capability: "manageEvents",
      schema: eventIdSchema,
      successTitle: "Event deleted successfully",
      errorTitle: "Error deleting event",
      run: async (ctx, input) => {
        const { registrations } = await deleteEvent(ctx, input);
        if (registrations > 0) return { description: `${plural(registrations)} removed with it.` };
      },
    }),
  },
};
