import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SubmitButton } from "./account-form";
import { AlertDialogCancel, AlertDialogTrigger } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import type { AccountIntent } from "~/lib/schemas/account";

/**
 * The outlined red button opening an /account confirmation alert dialog for an action that
 * cannot be undone (delete the account, start a break or a self-exclusion).
 */
export function DangerTrigger({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <AlertDialogTrigger asChild>
      <Button variant="outline" className="border-danger/60 text-danger hover:bg-danger/10">
        <Icon className="size-4" aria-hidden="true" />
        {children}
      </Button>
    </AlertDialogTrigger>
  );
}

/**
 * The buttons of such a dialog: 'Cancel', and the red submit button of `intent` (reading
 * `working` while it is sent); `form` names the form it submits when the dialog sits outside it.
 */
export function DangerConfirmButtons({
  intent,
  working,
  form,
  children,
}: {
  intent: AccountIntent;
  working: string;
  form?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <AlertDialogCancel asChild>
        <Button variant="outline">Cancel</Button>
      </AlertDialogCancel>
      <SubmitButton
        intent={intent}
        working={working}
        form={form}
        className="bg-danger text-background hover:opacity-90"
      >
        {children}
      </SubmitButton>
    </div>
  );
}
