import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2, Send } from "lucide-react";
import { Form, Link } from "react-router";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextField, withoutKey } from "~/components/ui/form-controls";
import { Textarea } from "~/components/ui/input";
import { CONTACT_LIMITS, contactMessageSchema } from "~/lib/schemas/contact";
import { useSubmittingHere } from "./forms";

/**
 * The Contact Us form: a plain POST form (works before JavaScript loads) with the shared
 * schema checked on blur and on submit; the button reads 'Sending...' while the message is sent.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(contactMessageSchema, { lastResult });
  const sending = useSubmittingHere();

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          field={fields.name}
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
        />
        <TextField
          label="Email"
          field={fields.email}
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
        />
      </div>
      <TextField label="Subject" field={fields.subject} maxLength={CONTACT_LIMITS.subject} />
      <Field label="Message" field={fields.message}>
        <Textarea
          key={fields.message.key}
          {...withoutKey(getTextareaProps(fields.message))}
          rows={6}
          maxLength={CONTACT_LIMITS.message}
        />
      </Field>
      <Button type="submit" disabled={sending} className="w-full sm:w-auto">
        <Send className="size-4" aria-hidden="true" />
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

/** What the sender sees once the message is stored (place it in a live region). */
export function ContactConfirmation({ name, email }: { name: string; email: string }) {
  return (
    <div className="space-y-4">
      <p className="flex gap-3">
        <CheckCircle2 className="text-accent mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          Thanks, {name}! Your message has been sent. We&apos;ll reply to {email} within 1-2
          business days.
        </span>
      </p>
      <Button asChild variant="outline">
        <Link to="/contact">Send another message</Link>
      </Button>
    </div>
  );
}
