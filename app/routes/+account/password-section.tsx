import { PASSWORD_LIMITS } from "~/lib/schemas/password";
import { AccountFormSection, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { TextField } from "~/components/ui/form-controls";
import { changePasswordSchema } from "~/lib/schemas/account";

/** Settings: Change Password (current, new, confirm); other sessions are signed out after. */
export function PasswordSection({ actionData }: { actionData: AccountActionData | undefined }) {
  const [form, fields] = useAccountForm("change-password", changePasswordSchema, actionData);
  const password = (autoComplete: string) => ({
    type: "password",
    maxLength: PASSWORD_LIMITS.max,
    autoComplete,
  });
  return (
    <AccountFormSection
      id="password"
      title="Change Password"
      description="Changing your password signs you out on every other device."
      intent="change-password"
      form={form}
      label="Change Password"
      working="Changing..."
    >
      <TextField
        label="Current password"
        field={fields.currentPassword}
        {...password("current-password")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New password"
          field={fields.newPassword}
          description={`At least ${PASSWORD_LIMITS.min} characters; avoid common words and your name or email.`}
          {...password("new-password")}
        />
        <TextField
          label="Confirm new password"
          field={fields.confirmPassword}
          {...password("new-password")}
        />
      </div>
    </AccountFormSection>
  );
}
