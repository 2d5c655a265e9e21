import { Pencil, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { Input, Textarea } from "~/components/ui/input";
import { formatEventDate, formatEventTime } from "../+content/event-time";
import { AdminForm, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, type AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import type { AdminEventRow, EventsTabData } from "./events.server";
import { Labelled } from "./labelled";
import { AdminPagination } from "./pagination";

/**
 * The create and edit form of an event (docs/product/administration.md "Events"): title, day,
 * start and end times on the store's clock (New York), place and description. The server checks
 * every field; its refusal shows under the form.
 */
function EventForm({
  event,
  createKey,
  onSuccess,
}: {
  event: AdminEventRow | null;
  /** The create form's key (made when the tab loaded): a doubled submit creates one. */
  createKey: string;
  onSuccess: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  return (
    <AdminForm
      intent={event ? "update-event" : "create-event"}
      fields={event ? { eventId: event.id } : { idempotencyKey: createKey }}
      onSuccess={onSuccess}
      onError={setError}
      className="mt-4 space-y-4"
      aria-label={event ? `Edit ${event.title}` : "New event"}
    >
      <Labelled label="Title" id={id("title")}>
        <Input
          id={id("title")}
          name="title"
          required
          maxLength={120}
          defaultValue={event?.title}
          autoComplete="off"
        />
      </Labelled>
      <div className="grid gap-4 sm:grid-cols-3">
        <Labelled label="Day" id={id("date")}>
          <Input id={id("date")} name="date" type="date" required defaultValue={event?.date} />
        </Labelled>
        <Labelled label="Starts" id={id("start")}>
          <Input
            id={id("start")}
            name="startTime"
            type="time"
            required
            defaultValue={event?.startTime ?? "10:00"}
          />
        </Labelled>
        <Labelled label="Ends" id={id("end")}>
          <Input
            id={id("end")}
            name="endTime"
            type="time"
            required
            defaultValue={event?.endTime ?? "18:00"}
          />
        </Labelled>
      </div>
      <p className="text-muted-foreground -mt-2 text-xs">
        Times are the store&apos;s clock (New York), as the Events page shows them.
      </p>
      <Labelled label="Location" id={id("location")}>
        <Input
          id={id("location")}
          name="location"
          required
          maxLength={200}
          defaultValue={event?.location}
          autoComplete="off"
        />
      </Labelled>
      <Labelled label="Description" id={id("description")}>
        <Textarea
          id={id("description")}
          name="description"
          required
          maxLength={1000}
          defaultValue={event?.description}
          className="min-h-24"
        />
      </Labelled>
      {error ? (
        <p role="alert" className="text-danger text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogCancel />
        <AdminSubmit pendingLabel="Saving...">
          {event ? "Save changes" : "Create event"}
        </AdminSubmit>
      </div>
    </AdminForm>
  );
}

/** 'New event' above the table, or 'Edit' on an event's row: the event form in a dialog. */
function EventDialog({ event, createKey }: { event: AdminEventRow | null; createKey: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-xl"
      title={event ? `Edit ${event.title}` : "New event"}
      description={
        event
          ? "Registrations stay with the event."
          : "The event shows on the Events page at once; collectors can register until it ends."
      }
      trigger={
        event ? (
          <Button variant="outline" size="sm" aria-label={`Edit event ${event.title}`}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        ) : (
          <Button>
            <Plus className="size-4" aria-hidden="true" />
            New event
          </Button>
        )
      }
    >
      {/* Mounted only while open: each opening starts from the event as it is now. */}
      {open ? (
        <EventForm event={event} createKey={createKey} onSuccess={() => setOpen(false)} />
      ) : null}
    </Dialog>
  );
}

/**
 * Events (docs/product/administration.md "Events"): every event, latest first, with its day
 * and hours on the store's clock (as the Events page shows them) and registrations. Admins create and edit events in a dialog and delete them after
 * confirming (their registrations go with them); moderators only read.
 */
export function EventsTab({ data }: { data: EventsTabData; role: "admin" | "moderator" }) {
  const columns: AdminColumn<AdminEventRow>[] = [
    {
      header: "Event",
      cell: (event) => (
        <span className="block max-w-64">
          <span className="block font-medium break-words">{event.title}</span>
          <span className="text-muted-foreground block text-xs break-words">{event.location}</span>
        </span>
      ),
    },
    {
      header: "When (store time)",
      cell: (event) => (
        <span className="block whitespace-nowrap">
          <span className="block">{formatEventDate(new Date(event.startsAt))}</span>
          <span className="text-muted-foreground block text-xs">
            {formatEventTime(new Date(event.startsAt), new Date(event.endsAt))}
          </span>
        </span>
      ),
    },
    {
      header: "Registrations",
      cell: (event) => event.registrations.toLocaleString("en-US"),
      numeric: true,
    },
  ];
  if (data.canManage) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (event) => (
        <div className="flex gap-2">
          <EventDialog event={event} createKey={data.createKey} />
          <ConfirmDelete
            intent="delete-event"
            fields={{ eventId: event.id }}
            title={`Delete ${event.title}?`}
            description={
              event.registrations > 0
                ? `The event leaves the Events page with its ${event.registrations.toLocaleString("en-US")} ${event.registrations === 1 ? "registration" : "registrations"}.`
                : "The event leaves the Events page."
            }
            triggerAriaLabel={`Delete event ${event.title}`}
          />
        </div>
      ),
    });
  }
  return (
    <AdminSection
      title="Events"
      total={data.total}
      description={
        data.canManage
          ? "Every event at the store, latest first. An event that has ended stays listed on the Events page, closed to registration."
          : "Every event at the store, latest first. Read-only: only admins create, edit or delete events."
      }
      actions={
        <div className="flex flex-wrap items-end justify-between gap-3">
          <AdminSearch label="Search events" placeholder="Title or location" />
          {data.canManage ? <EventDialog event={null} createKey={data.createKey} /> : null}
        </div>
      }
    >
      <AdminTable
        caption="Events"
        rows={data.rows}
        rowKey={(event) => event.id}
        empty={data.q ? `No events match "${data.q}".` : "No events yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Events pages" />
    </AdminSection>
  );
}
