import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Send } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { CONTACT_LIMITS, contactMessageSchema } from "~/lib/schemas/contact";
import { spreadable, useSubmittingHere } from "./forms";

/**
 * The Contact Us form: a plain POST form (works before JavaScript loads) with the shared
 * schema checked on blur and on submit; the button reads 'Sending...' while the message is sent.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(contactMessageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = useSubmittingHere();

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" field={fields.name}>
          <Input
            key={fields.name.key}
            {...spreadable(getInputProps(fields.name, { type: "text" }))}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
          />
        </Field>
        <Field label="Email" field={fields.email}>
          <Input
            key={fields.email.key}
            {...spreadable(getInputProps(fields.email, { type: "email" }))}
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
          />
        </Field>
      </div>
      <Field label="Subject" field={fields.subject}>
        <Input
          key={fields.subject.key}
          {...spreadable(getInputProps(fields.subject, { type: "text" }))}
          maxLength={CONTACT_LIMITS.subject}
        />
      </Field>
      <Field label="Message" field={fields.message}>
        <Textarea
          key={fields.message.key}
          {...spreadable(getTextareaProps(fields.message))}
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
