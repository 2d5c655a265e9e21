import { createContext, useContext, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { refusalMessage } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";

const BusyContext = createContext(false);

/**
 * A form of an /admin tab: posts `intent` and the hidden `fields` (ids) with the visible
 * controls in `children` to the page's action, without leaving the page. It cannot be sent
 * twice while on its way ({@link AdminSubmit} shows its working label). A refusal's message
 * is shown once: given `onError`, the form shows it inline beside the fields and the toast
 * keeps only the spec's title ('Error saving pack'); without it, the toast carries both. A success (a redirect with a flash toast)
 * calls `onSuccess` (close the dialog). Works before JavaScript loads as a plain POST.
 */
export function AdminForm({
  intent,
  fields = {},
  onSuccess,
  onError,
  className,
  children,
  "aria-label": ariaLabel,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  onSuccess?: () => void;
  onError?: (message: string) => void;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const { fetcher, busy } = useFormFetcher(onSuccess, {
    onRefused: onError && ((reply) => onError(refusalMessage(reply))),
    inlineRefusal: Boolean(onError),
  });

  return (
    <fetcher.Form
      method="post"
      className={className}
      aria-label={ariaLabel}
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <BusyContext value={busy}>{children}</BusyContext>
    </fetcher.Form>
  );
}

/** Whether the enclosing {@link AdminForm} is on its way (to disable its controls). */
export function useAdminFormBusy(): boolean {
  return useContext(BusyContext);
}

/**
 * The submit button of an {@link AdminForm}: disabled and showing `pendingLabel`
 * ('Saving...', 'Deleting...') while the form is on its way.
 */
export function AdminSubmit({
  children,
  pendingLabel = "Processing...",
  disabled,
  ...props
}: ButtonProps & { pendingLabel?: string }) {
  const busy = useAdminFormBusy();
  return (
    <Button type="submit" disabled={busy || disabled} aria-disabled={busy || disabled} {...props}>
      {busy ? pendingLabel : children}
    </Button>
  );
}
