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
  // What the fetcher held when the submission left: a redirect brings no data and leaves it.
  const before = useRef<{ data: Answer | undefined } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      before.current ??= { data: fetcher.data };
      return;
    }
    if (!before.current) return;
    const answer = fetcher.data !== before.current.data ? fetcher.data : undefined;
    before.current = null;
    if (answer) callbacks.current.onRefused?.(answer);
    else callbacks.current.onDone?.();
  }, [fetcher.state, fetcher.data]);

  return { fetcher, busy: fetcher.state !== "idle" };
}
