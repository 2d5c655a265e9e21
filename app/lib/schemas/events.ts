import { z } from "zod";
import { newsletterSubscriptionSchema } from "./newsletter";
import { recordIdSchema } from "./wishlist";

/** Register and Cancel registration on /events: which event. */
export const eventRegistrationSchema = z.object({ eventId: recordIdSchema });

export type EventRegistrationInput = z.infer<typeof eventRegistrationSchema>;

/**
 * What the Events page's action accepts, by `intent` ('Stay Updated', Register, Cancel
 * registration); any other intent fails to parse (400).
 */
export const eventsIntentSchema = z.discriminatedUnion("intent", [
  newsletterSubscriptionSchema.extend({ intent: z.literal("subscribe") }),
  eventRegistrationSchema.extend({ intent: z.literal("register") }),
  eventRegistrationSchema.extend({ intent: z.literal("cancel-registration") }),
]);
