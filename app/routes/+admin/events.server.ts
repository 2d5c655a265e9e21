import { randomUUID } from "node:crypto";
import {
  createEvent,
  deleteEvent,
  listAllEvents,
  updateEvent,
  type AdminEvent,
} from "~/.server/admin/events";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { createEventSchema, eventIdSchema, updateEventSchema } from "~/lib/schemas/events-admin";
import { storeWallClock } from "~/lib/time";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** An event row with its day and times on the store's clock, for the edit form. */
export type AdminEventRow = AdminEvent & { date: string; startTime: string; endTime: string };

/** What the Events tab shows: a page of events, the search, and whether they can be managed. */
export type EventsTabData = Paged<AdminEventRow> & {
  q: string;
  canManage: boolean;
  createKey: string;
};

const plural = (n: number) => `${n} ${n === 1 ? "registration was" : "registrations were"}`;

/** Events (docs/product/administration.md "Events": create, edit, delete; admins only). */
export const eventsTab: AdminTabServer<EventsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    const page = await listAllEvents(ctx, query);
    return {
      ...page,
      rows: page.rows.map((event) => {
        const start = storeWallClock(event.startsAt);
        return {
          ...event,
          date: start.day,
          startTime: start.time,
          endTime: storeWallClock(event.endsAt).time,
        };
      }),
      q: query.q,
      createKey: randomUUID(),
      canManage: can(ctx.actor?.role, "manageEvents"),
    };
  },
  intents: {
    "create-event": adminIntent({
      capability: "manageEvents",
      schema: createEventSchema,
      successTitle: "Event created successfully",
      errorTitle: "Error saving event",
      run: async (ctx, input) => {
        await createEvent(ctx, input);
      },
    }),
    "update-event": adminIntent({
      capability: "manageEvents",
      schema: updateEventSchema,
      successTitle: "Event updated successfully",
      errorTitle: "Error saving event",
      run: (ctx, input) => updateEvent(ctx, input),
    }),
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
