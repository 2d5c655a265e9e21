import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { IntentReply } from "~/lib/intent-reply";
import { useToasts } from "~/lib/toast";

/**
 * A fetcher for a marketplace form: shows the toasts its answers carry, and calls `onDone`
 * once a submission went through (the action redirected with its flash toast, so no new
 * answer arrived). A refusal (field errors or a domain error toast) leaves `onDone` uncalled,
 * so a dialog stays open with its values.
 */
export function useMarketFetcher(onDone?: () => void) {
  const fetcher = useFetcher<IntentReply>();
  useToasts(fetcher.data?.toasts);
  const before = useRef<{ data: IntentReply | undefined } | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (fetcher.state !== "idle") {
      before.current ??= { data: fetcher.data };
      return;
    }
    if (!before.current) return;
    const answered = fetcher.data !== undefined && fetcher.data !== before.current.data;
    before.current = null;
    if (!answered) done.current?.();
  }, [fetcher.state, fetcher.data]);

  return { fetcher, busy: fetcher.state !== "idle" };
}
