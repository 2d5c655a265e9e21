import { Trash2 } from "lucide-react";
import { useState } from "react";
import { AccountForm, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import { DangerConfirmButtons, DangerTrigger } from "./danger-confirm";
import { AlertDialog, AlertDialogContent } from "~/components/ui/alert-dialog";
import { TextField } from "~/components/ui/form-controls";
import { ACCOUNT_LIMITS, deleteAccountSchema } from "~/lib/schemas/account";

/**
 * Settings, Danger Zone: Delete Account, confirmed in an alert dialog by typing the account's
 * email; the dialog stays open to show a refusal (a wrong email, or something to do first).
 */
export function DangerZone({
  email,
  actionData,
}: {
  email: string;
  actionData: AccountActionData | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [form, fields] = useAccountForm("delete-account", deleteAccountSchema, actionData);
  return (
    <Section
      id="danger-zone"
      title="Danger Zone"
      description="Deleting your account removes your profile, address, preferences, password and sessions. It cannot be undone."
      danger
    >
      <AlertDialog open={open} onOpenChange={setOpen}>
        <DangerTrigger icon={Trash2}>Delete Account</DangerTrigger>
        <AlertDialogContent
          title="Delete your account?"
          description="This cannot be undone. Your profile, shipping address, email preferences, password, two-factor settings and every session are deleted for good."
        >
          <AccountForm intent="delete-account" form={form} className="space-y-4">
            <TextField
              label={`Type ${email} to confirm`}
              field={fields.confirmEmail}
              type="email"
              autoComplete="off"
              maxLength={ACCOUNT_LIMITS.email}
            />
            <DangerConfirmButtons intent="delete-account" working="Deleting...">
              Delete Account
            </DangerConfirmButtons>
          </AccountForm>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  );
}
