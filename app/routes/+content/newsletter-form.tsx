import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Mail } from "lucide-react";
import { Form } from "react-router";
import { useSubmittingHere } from "./forms";
import type { NewsletterSubscription } from "~/.server/support/newsletter";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { InputWithSubmit } from "~/components/account-ui/input-with-submit";
import { eventsIntentSchema } from "~/lib/schemas/events";

function outcomeText({ status, email }: NewsletterSubscription): string {
  return status === "subscribed"
    ? `You're subscribed! We'll email ${email} when new events are announced.`
    : `You're already on the list. We'll keep sending event news to ${email}.`;
}

/** The 'Stay Updated' box: one email field and 'Subscribe', a plain POST form. */
export function NewsletterBox({
  lastResult,
  outcome,
}: {
  lastResult?: SubmissionResult<string[]>;
  outcome: NewsletterSubscription | null;
}) {
  const [form, fields] = useSchemaForm(eventsIntentSchema, { lastResult, validate: "onSubmit" });
  const sending = useSubmittingHere();

  return (
    <section
      aria-labelledby="stay-updated-title"
      className="bg-surface rounded-xl border p-5 sm:p-6"
    >
      <div className="mb-2 flex items-center gap-2">
        <Mail className="text-accent size-5" aria-hidden="true" />
        <h2 id="stay-updated-title" className="text-lg font-semibold">
          Stay Updated
        </h2>
      </div>
      <p className="text-muted-foreground mb-4 text-sm">
        Get an email when we announce a new card show, tournament or fair. No spam, one click to
        leave.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="subscribe" />
        <InputWithSubmit
          label="Email address"
          field={fields.email}
          busy={sending}
          working="Subscribing..."
          submit="Subscribe"
          rowClassName="lg:flex-col xl:flex-row"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
      </Form>
      <p role="status" className="text-accent mt-3 text-sm font-medium empty:mt-0">
        {outcome ? outcomeText(outcome) : null}
      </p>
    </section>
  );
}
