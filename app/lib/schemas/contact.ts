import { z } from "zod";
import { requiredText } from "./required-text";

/** Longest accepted values of the contact form's fields, in characters. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/**
 * An email address, trimmed; the rule every form that asks for one shares (contact form,
 * newsletter). Conform turns an empty field into `undefined`, hence the type error message.
 */
export const emailAddressSchema = z
  .string({ error: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** The Contact Us form (name, email, subject, message), checked on both sides. */
export const contactMessageSchema = z.object({
  name: requiredText("Name", "Please enter your name", CONTACT_LIMITS.name),
  email: emailAddressSchema,
  subject: requiredText("Subject", "Please enter a subject", CONTACT_LIMITS.subject),
  message: z
    .string({ error: "Please enter your message" })
    .trim()
    .min(
      CONTACT_LIMITS.messageMin,
      `Your message must be at least ${CONTACT_LIMITS.messageMin} characters`,
    )
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
