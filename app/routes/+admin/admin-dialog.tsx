import { Pencil, Plus, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { AdminForm, AdminFormError, AdminSubmit } from "./admin-form";

/**
 * The button that opens an /admin dialog: an icon and a short label ('Edit', 'Update'), outlined
 * and small on a table row, or the primary button above a table ('New pack'). `aria-label` names
 * the row it acts on ('Edit pack Cosmic Pack').
 */
export function AdminDialogButton({
  icon: Icon,
  label,
  onRow = true,
  ...props
}: {
  icon: LucideIcon;
  label: string;
  onRow?: boolean;
} & Omit<ButtonProps, "children">) {
  // The rest (`aria-label`, and what the dialog's trigger adds: onClick, aria-expanded, ref)
  // goes to the button.
  return (
    <Button variant={onRow ? "outline" : undefined} size={onRow ? "sm" : undefined} {...props}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * A create or edit dialog of an /admin tab (the app's one {@link Dialog}), opened by `trigger`:
 * an {@link AdminForm} posting `intent` with the hidden `fields`, the controls in `children`, the
 * form's refusal ({@link AdminFormError}), Cancel and the submit button (`submitLabel`, 'Saving...'
 * on its way). The form is mounted only while the dialog is open, so each opening starts from the
 * row as it is now; a success closes the dialog.
 */
export function AdminFormDialog({
  title,
  description,
  trigger,
  className,
  intent,
  fields,
  schema,
  formLabel,
  formClassName = "mt-4 space-y-4",
  submitLabel = "Save changes",
  withFiles = false,
  children,
}: {
  title: string;
  description: ReactNode;
  trigger: ReactNode;
  /** The dialog panel's classes (a wider `sm:max-w-2xl`). */
  className?: string;
  intent: string;
  fields?: Record<string, string | number>;
  /** The intent's shared schema, where it is client-safe (checked in the browser too). */
  schema?: z.ZodType;
  /** The form's accessible name ('Edit Cosmic Pack'). */
  formLabel: string;
  formClassName?: string;
  submitLabel?: string;
  /** The form carries files (multipart; only /admin takes them, upload-limits.ts). */
  withFiles?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      className={className}
      title={title}
      description={description}
      trigger={trigger}
    >
      {open ? (
        <AdminForm
          intent={intent}
          fields={fields}
          schema={schema}
          onSuccess={() => setOpen(false)}
          className={formClassName}
          aria-label={formLabel}
          withFiles={withFiles}
        >
          {children}
          <AdminFormError />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogCancel />
            <AdminSubmit pendingLabel="Saving...">{submitLabel}</AdminSubmit>
          </div>
        </AdminForm>
      ) : null}
    </Dialog>
  );
}

/**
 * 'New <kind>' above a table, or 'Edit' on a row (`editing`): the create or edit form of one kind
 * of row (an event, a pack) in an {@link AdminFormDialog}, posting `create-<kind>` with the
 * tab's `createKey` (a doubled submit creates one) or `update-<kind>` with the row's id as
 * `idField`. The server's side is `saveIntents` (paged-tab.server.ts).
 */
export function AdminSaveDialog({
  kind,
  editing,
  idField,
  createKey,
  schemas,
  description,
  className,
  formClassName,
  children,
}: {
  kind: string;
  editing: { id: number; name: string } | null;
  idField: string;
  createKey: string;
  schemas: { create: z.ZodType; update: z.ZodType };
  description: ReactNode;
  className?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const title = editing ? `Edit ${editing.name}` : `New ${kind}`;
  return (
    <AdminFormDialog
      className={className}
      title={title}
      description={description}
      trigger={
        editing ? (
          <AdminDialogButton
            icon={Pencil}
            label="Edit"
            aria-label={`Edit ${kind} ${editing.name}`}
          />
        ) : (
          <AdminDialogButton icon={Plus} label={`New ${kind}`} onRow={false} />
        )
      }
      intent={editing ? `update-${kind}` : `create-${kind}`}
      fields={editing ? { [idField]: editing.id } : { idempotencyKey: createKey }}
      schema={editing ? schemas.update : schemas.create}
      formLabel={title}
      formClassName={formClassName}
      submitLabel={editing ? "Save changes" : `Create ${kind}`}
    >
      {children}
    </AdminFormDialog>
  );
}
