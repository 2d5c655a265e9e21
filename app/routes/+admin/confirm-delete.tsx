import { Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { AdminForm, AdminSubmit, useAdminFormBusy } from "./admin-form";

/** Destructive style for a confirm button (AA contrast in both themes). */
export const DANGER_BUTTON = "bg-danger text-background hover:opacity-90";

function CancelButton() {
  const busy = useAdminFormBusy();
  return (
    <AlertDialogCancel asChild>
      <Button type="button" variant="outline" disabled={busy}>
        Cancel
      </Button>
    </AlertDialogCancel>
  );
}

/**
 * A row's button that asks before it acts (docs/decisions/044-confirm-before-money-moves.md): an
 * alert dialog titled `title` with `description`, Cancel (focused first) and a confirm button
 * in a form posting `intent` with the hidden `fields` (the row's id). The dialog closes once
 * the change is made; a refusal shows the server's toast and keeps it open. `trigger` is the
 * row's button (its content and props), `confirmClassName` styles the confirm button.
 */
export function ConfirmAdminAction({
  intent,
  fields,
  title,
  description,
  trigger,
  confirmLabel,
  pendingLabel,
  confirmClassName,
}: {
  intent: string;
  fields: Record<string, string | number>;
  title: string;
  description: ReactNode;
  trigger: ButtonProps;
  confirmLabel: string;
  pendingLabel: string;
  confirmClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" {...trigger} />
      </AlertDialogTrigger>
      <AlertDialogContent title={title} description={description}>
        <AdminForm
          intent={intent}
          fields={fields}
          inlineErrors={false}
          onSuccess={() => setOpen(false)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelButton />
            <AdminSubmit className={confirmClassName} pendingLabel={pendingLabel}>
              {confirmLabel}
            </AdminSubmit>
          </div>
        </AdminForm>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A delete (or unblock) button that first asks for confirmation (docs/product/administration.md: every
 * deletion asks and says the action cannot be undone): a {@link ConfirmAdminAction} titled
 * `title`, its `description` followed by 'This action cannot be undone.', confirmed by a
 * destructive button.
 *
 * ```tsx
 * <ConfirmDelete intent="delete-pack" fields={{ packId: pack.id }}
 *   title={`Delete ${pack.name}?`} description="The pack is removed from the shop."
 *   triggerAriaLabel={`Delete pack ${pack.name}`} />
 * ```
 */
export function ConfirmDelete({
  intent,
  fields,
  title,
  description,
  triggerLabel = "Delete",
  triggerAriaLabel,
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
}: {
  intent: string;
  fields: Record<string, string | number>;
  title: string;
  description?: ReactNode;
  /** The visible text of the row's button. */
  triggerLabel?: string;
  /** The button's accessible name when several rows have one ('Delete user ada@...'). */
  triggerAriaLabel?: string;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <ConfirmAdminAction
      intent={intent}
      fields={fields}
      title={title}
      description={
        <>
          {description ? <>{description} </> : null}
          <strong className="text-foreground font-semibold">This action cannot be undone.</strong>
        </>
      }
      trigger={{
        variant: "outline",
        "aria-label": triggerAriaLabel,
        children: (
          <>
            <Trash2 className="size-4" aria-hidden="true" />
            {triggerLabel}
          </>
        ),
      }}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      confirmClassName={DANGER_BUTTON}
    />
  );
}

/**
 * 'Delete' on the row of one kind of row made in a dialog (an event, a pack; see
 * AdminSaveDialog): asks 'Delete Cosmic Pack?' with `description`, then posts `delete-<kind>`
 * with the row's id as `idField`. The button is named 'Delete pack Cosmic Pack'.
 */
export function ConfirmDeleteRow({
  kind,
  idField,
  row,
  description,
}: {
  kind: string;
  idField: string;
  row: { id: number; name: string };
  description: ReactNode;
}) {
  return (
    <ConfirmDelete
      intent={`delete-${kind}`}
      fields={{ [idField]: row.id }}
      title={`Delete ${row.name}?`}
      description={description}
      triggerAriaLabel={`Delete ${kind} ${row.name}`}
    />
  );
}
