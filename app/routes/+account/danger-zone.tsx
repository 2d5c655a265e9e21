import { getInputProps } from "@conform-to/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { spreadable } from "../+content/forms";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ACCOUNT_LIMITS, deleteAccountSchema } from "~/lib/schemas/account";

const DESTRUCTIVE = "bg-danger text-background hover:opacity-90";

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
        <AlertDialogTrigger asChild>
          <Button variant="outline" className="border-danger/60 text-danger hover:bg-danger/10">
            <Trash2 className="size-4" aria-hidden="true" />
            Delete Account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          title="Delete your account?"
          description="This cannot be undone. Your profile, shipping address, email preferences, password, two-factor settings and every session are deleted for good."
        >
          <AccountForm intent="delete-account" form={form} className="space-y-4">
            <Field label={`Type ${email} to confirm`} field={fields.confirmEmail}>
              <Input
                key={fields.confirmEmail.key}
                {...spreadable(getInputProps(fields.confirmEmail, { type: "email" }))}
                autoComplete="off"
                maxLength={ACCOUNT_LIMITS.email}
              />
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialogCancel asChild>
                <Button variant="outline">Cancel</Button>
              </AlertDialogCancel>
              <SubmitButton intent="delete-account" working="Deleting..." className={DESTRUCTIVE}>
                Delete Account
              </SubmitButton>
            </div>
          </AccountForm>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  );
}
