import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import type { IntentReply } from "./intent-reply";
import { useToasts } from "./toast";

/** An answer as the fetcher holds it (IntentReply after its trip through JSON). */
type Answer = NonNullable<ReturnType<typeof useFetcher<IntentReply>>["data"]>;

/**
 * The fetcher of a form posted without leaving the page (a dialog's form, a confirmation, a
 * row's button), for an action that redirects with a flash toast when it went through and
 * answers an {@link IntentReply} (field errors, a refusal's toast) when it did not.
 *
 * It shows the toasts its answers carry, then, once a submission is back: calls `onDone` when
 * no new answer arrived (the redirect: close the dialog, reset the form), or `onRefused` with
 * the new answer (the dialog stays open with its values). With `inlineRefusal`, the form shows
 * a refusal's message itself (from `onRefused`), so its toast keeps only the title.
 * `busy` is true while the form is on its way (disable its controls, keep the dialog open).
 */
export function useFormFetcher(
  onDone?: () => void,
  {
    onRefused,
    inlineRefusal = false,
  }: { onRefused?: (reply: Answer) => void; inlineRefusal?: boolean } = {},
) {
  const fetcher = useFetcher<IntentReply>();
  const toasts = useMemo(
    () =>
      inlineRefusal
        ? fetcher.data?.toasts.map(({ description: _shownInline, ...toast }) => toast)
        : fetcher.data?.toasts,
    [fetcher.data, inlineRefusal],
  );
  useToasts(toasts);

  const callbacks = useRef({ onDone, onRefused });
  useEffect(() => {
    callbacks.current = { onDone, onRefused };
  });
  // The last answer already handed to a callback, and whether a submission is out. Whether a
  // submission that came back brought an answer is decided by comparing with the answer already
  // handled, never with what the fetcher held when the submission was first seen: under load
  // React may render the submitting state only after the answer is back, and that render
  // already holds the new answer.
  const handled = useRef<Answer | undefined>(undefined);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      sent.current = true;
      return;
    }
    const answer = fetcher.data !== handled.current ? fetcher.data : undefined;
    handled.current = fetcher.data;
    if (!sent.current && !answer) return;
    sent.current = false;
    if (answer) callbacks.current.onRefused?.(answer);
    else callbacks.current.onDone?.();
  }, [fetcher.state, fetcher.data]);

  return { fetcher, busy: fetcher.state !== "idle" };
}
