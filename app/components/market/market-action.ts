import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";

/**
 * What a marketplace action answers when it does not redirect: the form's `intent`, its
 * Conform result and the errors by field name (a dialog shows them next to its fields), and
 * the toasts to show (a domain refusal: the spec's failure title with the domain's message).
 */
export type MarketActionData = {
  intent: string | null;
  result?: SubmissionResult<string[]>;
  fieldErrors: Record<string, string[]>;
  toasts: Toast[];
};

/** The result of an answer for the form of `intent`, or undefined (another form's answer). */
export function resultFor(data: MarketActionData | undefined, intent: string) {
  return data?.intent === intent ? data.result : undefined;
}
