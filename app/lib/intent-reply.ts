import type { SubmissionResult } from "@conform-to/react";
import { isRouteErrorResponse } from "react-router";
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

/**
 * The message of a request the seam refused by throwing it (a 4xx whose body is the message:
 * 'Unknown action', 'Unsupported content type', 'You do not have permission to do that.'), for
 * the error boundary to show; null for anything else (a 404, a crash).
 */
export function thrownRefusal(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status === 404) return null;
  if (error.status < 400 || error.status >= 500) return null;
  return typeof error.data === "string" && error.data !== "" ? error.data : null;
}
