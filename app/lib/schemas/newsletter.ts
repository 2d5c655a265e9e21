import { z } from "zod";
import { emailAddressSchema } from "./contact";

/** The Events page's 'Stay Updated' box: one email address. */
export const newsletterSubscriptionSchema = z.object({ email: emailAddressSchema });

export type NewsletterSubscriptionInput = z.infer<typeof newsletterSubscriptionSchema>;
