import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "./toast";

/**
 * What every form action answers when it does not redirect (app/.server/http/run-intent.ts):
 * the form it belongs to (`intent`), its Conform result (field errors and the values to keep),
 * the same errors by field name, and the toasts to show; plus what the route adds (`X`: a new
 * idempotency key, the two-factor setup, ...).
 */
export type IntentReply<X extends object = object> = {
  intent: string | null;
  result?: SubmissionResult<string[]>;
  fieldErrors: Record<string, string[]>;
  toasts: Toast[];
} & Partial<X>;

/** The Conform result of an answer for the form of `intent`, or undefined (another form's). */
export function resultFor(reply: IntentReply | undefined, intent: string) {
  return reply?.intent === intent ? reply.result : undefined;
}

/** The message of a refusal, to show in the form: its last toast's description (or title). */
export function refusalMessage(reply: IntentReply): string {
  const last = reply.toasts.at(-1);
  return last?.description ?? last?.title ?? "Something went wrong";
}
