import { Input, Textarea } from "~/components/ui/input";
import { createEventSchema, updateEventSchema } from "~/lib/schemas/events-admin";
import { formatEventDate, formatEventTime } from "../+content/event-time";
import { actionsColumn, linesColumn, countColumn } from "./admin-columns";
import { AdminSaveDialog } from "./admin-dialog";
import { AdminField } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { ConfirmDeleteRow } from "./confirm-delete";
import type { AdminEventRow, EventsTabData } from "./events.server";
import type { AdminTabProps } from "./tab-contract";

/**
 * The fields of an event's create and edit form (docs/product/administration.md "Events"): title,
 * day, start and end times on the store's clock (New York), place and description, checked with
 * the shared schema in the browser and by the server.
 */
function EventFields({ event }: { event: AdminEventRow | null }) {
  return (
    <>
      <AdminField name="title" label="Title">
        <Input required maxLength={120} defaultValue={event?.title} autoComplete="off" />
      </AdminField>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField name="date" label="Day">
          <Input type="date" required defaultValue={event?.date} />
        </AdminField>
        <AdminField name="startTime" label="Starts">
          <Input type="time" required defaultValue={event?.startTime ?? "10:00"} />
        </AdminField>
        <AdminField name="endTime" label="Ends">
          <Input type="time" required defaultValue={event?.endTime ?? "18:00"} />
        </AdminField>
      </div>
      <p className="text-muted-foreground -mt-2 text-xs">
        Times are the store&apos;s clock (New York), as the Events page shows them.
      </p>
      <AdminField name="location" label="Location">
        <Input required maxLength={200} defaultValue={event?.location} autoComplete="off" />
      </AdminField>
      <AdminField name="description" label="Description">
        <Textarea
          required
          maxLength={1000}
          defaultValue={event?.description}
          className="min-h-24"
        />
      </AdminField>
    </>
  );
}

/** 'New event' above the table, or 'Edit' on an event's row: the event form in a dialog. */
function EventDialog({ event, createKey }: { event: AdminEventRow | null; createKey: string }) {
  return (
    <AdminSaveDialog
      kind="event"
      editing={event && { id: event.id, name: event.title }}
      idField="eventId"
      createKey={createKey}
      schemas={{ create: createEventSchema, update: updateEventSchema }}
      className="sm:max-w-xl"
      description={
        event
          ? "Registrations stay with the event."
          : "The event shows on the Events page at once; collectors can register until it ends."
      }
    >
      <EventFields event={event} />
    </AdminSaveDialog>
  );
}

/**
 * Events (docs/product/administration.md "Events"): every event, latest first, with its day
 * and hours on the store's clock (as the Events page shows them) and registrations. Admins create and edit events in a dialog and delete them after
 * confirming (their registrations go with them); moderators only read.
 */
export function EventsTab({ data }: AdminTabProps<EventsTabData>) {
  const columns: AdminColumn<AdminEventRow>[] = [
    linesColumn("Event", (event) => ({ main: event.title, sub: event.location }), {
      className: "max-w-64",
      subClassName: "break-words",
    }),
    linesColumn(
      "When (store time)",
      (event) => ({
        main: formatEventDate(new Date(event.startsAt)),
        sub: formatEventTime(new Date(event.startsAt), new Date(event.endsAt)),
      }),
      { className: "whitespace-nowrap", mainClassName: "" },
    ),
    countColumn("Registrations", (event) => event.registrations),
  ];
  if (data.canManage) {
    columns.push(
      actionsColumn((event) => (
        <div className="flex gap-2">
          <EventDialog event={event} createKey={data.createKey} />
          <ConfirmDeleteRow
            kind="event"
            idField="eventId"
            row={{ id: event.id, name: event.title }}
            description={
              event.registrations > 0
                ? `The event leaves the Events page with its ${event.registrations.toLocaleString("en-US")} ${event.registrations === 1 ? "registration" : "registrations"}.`
                : "The event leaves the Events page."
            }
          />
        </div>
      )),
    );
  }
  return (
    <AdminPagedSection
      title="Events"
      description={
        data.canManage
          ? "Every event at the store, latest first. An event that has ended stays listed on the Events page, closed to registration."
          : "Every event at the store, latest first. Read-only: only admins create, edit or delete events."
      }
      search="Title or location"
      tools={data.canManage ? <EventDialog event={null} createKey={data.createKey} /> : null}
      data={data}
      columns={columns}
    />
  );
}
