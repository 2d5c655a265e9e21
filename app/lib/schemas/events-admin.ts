import { z } from "zod";
import { adminFormKeySchema } from "./admin";
import { formId } from "./market";

/** The event an admin form edits or deletes. */
export const eventIdSchema = z.object({ eventId: formId("Event") });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The admin's event form (docs/product/administration.md "Events"): title (at most 120
 * characters), the day (`YYYY-MM-DD`) and the start and end times (`HH:MM`, 24-hour) on the
 * store's clock, the end after the start on the same day, the place (at most 200) and a
 * description (at most 1,000). Each refusal names the field.
 */
export const eventFormSchema = z
  .object({
    title: text("Title", 120),
    date: z
      .string({ error: "Date is required" })
      .regex(DAY, "Date must be a day like 2026-12-05")
      .refine(
        // Only a well-formed day is checked further (the regex has named its problem).
        (day) => !DAY.test(day) || new Date(`${day}T12:00:00Z`).toISOString().startsWith(day),
        "Date is not a real day",
      ),
    startTime: z
      .string({ error: "Start time is required" })
      .regex(CLOCK, "Start time must be a time like 14:00"),
    endTime: z
      .string({ error: "End time is required" })
      .regex(CLOCK, "End time must be a time like 18:00"),
    location: text("Location", 200),
    description: text("Description", 1_000),
  })
  .refine((form) => form.endTime > form.startTime, {
    message: "The end time must be after the start time",
    path: ["endTime"],
  });
export type EventFields = z.output<typeof eventFormSchema>;

/** The create-event form: the event's fields and the form's key. */
export const createEventSchema = z
  .object({ idempotencyKey: adminFormKeySchema })
  .and(eventFormSchema);
/** A new event as `createEvent` takes it. */
export type NewEvent = z.output<typeof createEventSchema>;

/** The event edit form: the event's id and its fields. */
export const updateEventSchema = eventIdSchema.and(eventFormSchema);
/** An event edit as `updateEvent` takes it. */
export type EventUpdate = z.output<typeof updateEventSchema>;
/** The event a form deletes, parsed. */
export type EventId = z.output<typeof eventIdSchema>;
