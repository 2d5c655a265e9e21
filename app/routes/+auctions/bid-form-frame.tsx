import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-controls";
import { refusalMessage, type IntentReply } from "~/lib/intent-reply";

/**
 * The frame of a bid form ('Place a bid', 'Place a standing bid'; decision 024's shape): a
 * posting form bound to Conform's `form`, its heading, the `intent`, the fields (`children`),
 * the form's error — a domain refusal's message when the reply for this intent blamed no field
 * (too low, the balance, a break), else Conform's form-level error — and the submit button,
 * not pressable while the form is on its way; `note` goes under it.
 */
export function BidFormFrame<Schema extends Record<string, unknown>>({
  form,
  intent,
  title,
  reply,
  children,
  note,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  title: string;
  reply: (IntentReply & { placed?: boolean }) | undefined;
  children: ReactNode;
  note?: ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  const refused =
    reply?.intent === intent &&
    !reply.placed &&
    Object.keys(reply.fieldErrors).length === 0 &&
    reply.toasts.length > 0
      ? refusalMessage(reply)
      : null;
  const titleId = `${intent}-title`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-md border p-4"
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormError id={form.errorId} errors={refused ? [refused] : form.errors} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Placing bid…" : "Place bid"}
      </Button>
      {note}
    </Form>
  );
}
