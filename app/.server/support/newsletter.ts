import type { Ctx } from "../context";
import { newsletterSubscriptions } from "../db/schema";
import { parseOrRefuse } from "../errors";
import {
  newsletterSubscriptionSchema,
  type NewsletterSubscriptionInput,
} from "~/lib/schemas/newsletter";

/** `subscribed` for a new address, `already-subscribed` when it was on the list (any case). */
export type NewsletterSubscription = {
  status: "subscribed" | "already-subscribed";
  email: string;
};

/**
 * Puts an email address on the events newsletter, once per address whatever its case: one
 * `INSERT ... ON CONFLICT DO NOTHING` against the unique index on lower(email), so two
 * simultaneous requests for the same address store one row and neither fails.
 * @throws DomainError `invalid_email` (400) for an address the shared schema refuses.
 */
export async function subscribeToNewsletter(
  ctx: Ctx,
  input: NewsletterSubscriptionInput,
): Promise<NewsletterSubscription> {
  const { email } = parseOrRefuse(newsletterSubscriptionSchema, input, "invalid_email");
  const inserted = await ctx.db
    .insert(newsletterSubscriptions)
    .values({ email, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return { status: inserted.length > 0 ? "subscribed" : "already-subscribed", email };
}
