import { useState, type ReactNode } from "react";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import { Button, type ButtonProps } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** Hidden fields of the form: `intent` and the ids it acts on. */
export type HiddenFields = Record<string, string | number>;

function Hidden({ fields }: { fields: HiddenFields }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * An action that asks first (accept an offer, cancel a listing, buy, confirm receipt, sell a
 * card back, answer a submission's offer): the trigger opens an alert dialog with `title`, `description` and optional `body`;
 * its confirm button posts `fields` to `action` with a fetcher ('Processing...', not pressable
 * twice, nor can the dialog be closed meanwhile): a {@link ConfirmDialog} with a trigger. The dialog closes once the action redirected
 * with its toast; a refusal's toast shows and the dialog stays.
 */
export function ConfirmAction({
  action,
  fields,
  label,
  title,
  description,
  body,
  confirmLabel,
  dismissLabel = "Cancel",
  confirmDisabled = false,
  ...buttonProps
}: Omit<ButtonProps, "children" | "asChild" | "onClick" | "title"> & {
  action: string;
  fields: HiddenFields;
  label: ReactNode;
  title: string;
  description: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  /** See {@link ConfirmDialog}'s `dismissLabel`. */
  dismissLabel?: string;
  confirmDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { fetcher, busy } = useFormFetcher(() => setOpen(false));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button {...buttonProps}>{label}</Button>}
      title={title}
      description={description}
      body={body}
      confirmLabel={confirmLabel}
      dismissLabel={dismissLabel}
      confirmDisabled={confirmDisabled}
      busy={busy}
      onConfirm={() => void fetcher.submit(fields, { method: "post", action })}
    />
  );
}

/**
 * A marketplace action done at once (decline, withdraw): a one-button form posting `fields`
 * to `action` with a fetcher; shows `working` while on its way and cannot be pressed twice.
 */
export function ActionButton({
  action,
  fields,
  working = "Processing...",
  children,
  ...buttonProps
}: Omit<ButtonProps, "type" | "asChild"> & {
  action: string;
  fields: HiddenFields;
  working?: string;
}) {
  const { fetcher, busy } = useFormFetcher();
  return (
    <fetcher.Form method="post" action={action}>
      <Hidden fields={fields} />
      <Button type="submit" {...buttonProps} disabled={busy || buttonProps.disabled}>
        {busy ? working : children}
      </Button>
    </fetcher.Form>
  );
}
