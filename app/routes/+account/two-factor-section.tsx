import type { FieldMetadata } from "@conform-to/react";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";
import { useState } from "react";
import { AccountSubmitForm, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section, StatusBadge } from "./section";
import type { TwoFactorStatus } from "~/lib/domain/account";
import type { TwoFactorSetup } from "~/.server/account/two-factor";
import { TextField } from "~/components/ui/form-controls";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
} from "~/lib/schemas/account";

type FormProps = { actionData: AccountActionData | undefined };

/** The account password, asked before two-factor changes. */
function PasswordInput({ field }: { field: FieldMetadata<string> }) {
  return (
    <TextField
      label="Password"
      field={field}
      type="password"
      autoComplete="current-password"
      maxLength={PASSWORD_LIMITS.max}
    />
  );
}

/** A 6-digit code from the authenticator app. */
function CodeInput({ field }: { field: FieldMetadata<string> }) {
  return (
    <TextField
      label="6-digit code"
      field={field}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      className="font-mono tracking-widest"
    />
  );
}

/** Asks for the password and starts setup ('Set Up Two-Factor', or 'Start Again'). */
function EnableForm({ actionData, again }: FormProps & { again: boolean }) {
  const [form, fields] = useAccountForm("enable-two-factor", enableTwoFactorSchema, actionData);
  return (
    <AccountSubmitForm
      intent="enable-two-factor"
      form={form}
      className="space-y-4 sm:max-w-sm"
      label={again ? "Start Again" : "Set Up Two-Factor"}
      working="Checking..."
      variant={again ? "outline" : "primary"}
    >
      <PasswordInput field={fields.password} />
    </AccountSubmitForm>
  );
}

/** Confirms setup with a code, so two-factor is only on once the app works. */
function ConfirmForm({ actionData }: FormProps) {
  const [form, fields] = useAccountForm("confirm-two-factor", confirmTwoFactorSchema, actionData);
  return (
    <AccountSubmitForm
      intent="confirm-two-factor"
      form={form}
      className="space-y-4 sm:max-w-sm"
      label="Verify and Turn On"
      working="Verifying..."
    >
      <CodeInput field={fields.code} />
    </AccountSubmitForm>
  );
}

/** Turns two-factor off with the password and a current code. */
function DisableForm({ actionData }: FormProps) {
  const [form, fields] = useAccountForm("disable-two-factor", disableTwoFactorSchema, actionData);
  return (
    <AccountSubmitForm
      intent="disable-two-factor"
      form={form}
      label="Turn Off Two-Factor"
      working="Turning off..."
      variant="outline"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordInput field={fields.password} />
        <CodeInput field={fields.code} />
      </div>
    </AccountSubmitForm>
  );
}

/** The QR code, the key for typing by hand, and the backup codes (shown this once). */
function SetupDetails({ setup }: { setup: TwoFactorSetup }) {
  const groupedSecret = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  return (
    <ol className="mb-6 list-decimal space-y-5 pl-5 text-sm">
      <li className="space-y-3">
        <p>
          Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy...).
        </p>
        <div
          role="img"
          aria-label="QR code to add PackVault to an authenticator app"
          className="size-52 rounded-md bg-white p-1 [&_svg]:size-full"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <p className="text-muted-foreground">
          Can&apos;t scan it? Enter this key in the app instead:{" "}
          <code data-testid="totp-secret" className="text-foreground font-mono break-all">
            {groupedSecret}
          </code>
        </p>
      </li>
      <li className="space-y-3">
        <p>
          Save these backup codes somewhere safe. Each one signs you in once if you lose your phone.{" "}
          <strong>They are shown only now.</strong>
        </p>
        <ul
          aria-label="Backup codes"
          className="bg-surface-2 grid max-w-sm grid-cols-2 gap-x-6 gap-y-1 rounded-md p-3 font-mono"
        >
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </li>
      <li>Enter the 6-digit code the app shows to finish.</li>
    </ol>
  );
}

const STATUS_LABEL: Record<TwoFactorStatus, string> = {
  on: "On",
  off: "Off",
  pending: "Not confirmed",
};

/**
 * Settings: two-factor sign-in with TOTP (docs/product/accounts-and-security.md). Setup asks for the password,
 * shows the QR code, key and backup codes once, and turns two-factor on only after a code
 * from the app is accepted; turning it off takes the password and a current code.
 */
export function TwoFactorSection({ status, actionData }: FormProps & { status: TwoFactorStatus }) {
  // The setup arrives once, in the answer to 'enable-two-factor'; keep it on screen while the
  // user types codes (a wrong code's answer carries no setup).
  const latest = actionData?.twoFactorSetup ?? null;
  const [setup, setSetup] = useState(latest);
  if (latest && latest !== setup) setSetup(latest);

  return (
    <Section
      id="two-factor"
      title="Two-factor authentication"
      description="Sign-in also asks for a code from an authenticator app on your phone."
      actions={<StatusBadge positive={status === "on"}>{STATUS_LABEL[status]}</StatusBadge>}
    >
      {status === "on" ? <DisableForm actionData={actionData} /> : null}
      {status === "off" ? <EnableForm actionData={actionData} again={false} /> : null}
      {status === "pending" && setup ? (
        <>
          <SetupDetails setup={setup} />
          <ConfirmForm actionData={actionData} />
        </>
      ) : null}
      {status === "pending" && !setup ? (
        <div className="space-y-6">
          <p className="text-muted-foreground text-sm">
            Setup is not finished: enter the current code from your authenticator app, or start
            again with your password for a new QR code.
          </p>
          <ConfirmForm actionData={actionData} />
          <div className="border-t pt-4">
            <EnableForm actionData={actionData} again />
          </div>
        </div>
      ) : null}
    </Section>
  );
}
