import type { Ctx } from "../context";
import { contactMessages } from "../db/schema";
import { parseOrRefuse } from "../errors";
import { contactMessageSchema, type ContactMessageInput } from "~/lib/schemas/contact";

/** What the sender sees after a message is stored. */
export type SentContactMessage = { id: number; name: string; email: string };

/**
 * Stores a Contact Us message for the support team (one insert), after checking it against
 * the shared schema again, so a caller that skipped the form still gets trimmed, bounded text.
 * @throws DomainError `invalid_contact_message` (400) with the first rule broken; nothing is stored.
 */
export async function sendContactMessage(
  ctx: Ctx,
  input: ContactMessageInput,
): Promise<SentContactMessage> {
  const message = parseOrRefuse(contactMessageSchema, input, "invalid_contact_message");
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({ ...message, createdAt: ctx.now() })
    .returning({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
    });
  ctx.log.info({ contactMessageId: row!.id }, "contact message received");
  return row!;
}
