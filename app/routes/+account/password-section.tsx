import { getInputProps } from "@conform-to/react";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";
import { spreadable } from "../+content/forms";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { changePasswordSchema } from "~/lib/schemas/account";

/** Settings: Change Password (current, new, confirm); other sessions are signed out after. */
export function PasswordSection({ actionData }: { actionData: AccountActionData | undefined }) {
  const [form, fields] = useAccountForm("change-password", changePasswordSchema, actionData);
  const password = (autoComplete: string) => ({
    maxLength: PASSWORD_LIMITS.max,
    autoComplete,
  });
  return (
    <Section
      id="password"
      title="Change Password"
      description="Changing your password signs you out on every other device."
    >
      <AccountForm intent="change-password" form={form} className="space-y-4">
        <Field label="Current password" field={fields.currentPassword}>
          <Input
            key={fields.currentPassword.key}
            {...spreadable(getInputProps(fields.currentPassword, { type: "password" }))}
            {...password("current-password")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="New password"
            field={fields.newPassword}
            description={`At least ${PASSWORD_LIMITS.min} characters; avoid common words and your name or email.`}
          >
            <Input
              key={fields.newPassword.key}
              {...spreadable(
                getInputProps(fields.newPassword, {
                  type: "password",
                  ariaDescribedBy: fields.newPassword.descriptionId,
                }),
              )}
              {...password("new-password")}
            />
          </Field>
          <Field label="Confirm new password" field={fields.confirmPassword}>
            <Input
              key={fields.confirmPassword.key}
              {...spreadable(getInputProps(fields.confirmPassword, { type: "password" }))}
              {...password("new-password")}
            />
          </Field>
        </div>
        <SubmitButton intent="change-password" working="Changing...">
          Change Password
        </SubmitButton>
      </AccountForm>
    </Section>
  );
}
