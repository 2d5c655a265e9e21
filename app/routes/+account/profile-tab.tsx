import { getInputProps } from "@conform-to/react";
import { BadgeCheck, MailWarning } from "lucide-react";
import { spreadable } from "../+content/forms";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { RewardsCard } from "./rewards-card";
import { Section, StatusBadge } from "./section";
import type { AccountProfile } from "~/lib/domain/account";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ACCOUNT_LIMITS, updateAddressSchema, updateProfileSchema } from "~/lib/schemas/account";

type TabProps = { account: AccountProfile; actionData: AccountActionData | undefined };

/** Whether the email is verified, as a badge. */
function VerificationBadge({ verified }: { verified: boolean }) {
  const Icon = verified ? BadgeCheck : MailWarning;
  return (
    <StatusBadge positive={verified}>
      <Icon className="mr-1 size-3.5" aria-hidden="true" />
      {verified ? "Verified" : "Not verified"}
    </StatusBadge>
  );
}

/** Full Name (editable) and Email (read-only); 'Save Changes' ('Saving...'). */
function ProfileForm({ account, actionData }: TabProps) {
  const [form, fields] = useAccountForm("update-profile", updateProfileSchema, actionData, {
    fullName: account.fullName,
  });
  return (
    <AccountForm intent="update-profile" form={form} className="space-y-4">
      <Field label="Full Name" field={fields.fullName}>
        <Input
          key={fields.fullName.key}
          {...spreadable(getInputProps(fields.fullName, { type: "text" }))}
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.fullName}
        />
      </Field>
      <div className="space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="account-email" className="text-sm font-medium">
            Email
          </label>
          <VerificationBadge verified={account.emailVerified} />
        </div>
        <Input
          id="account-email"
          type="email"
          value={account.email}
          readOnly
          aria-describedby="account-email-hint"
          className="bg-surface-2 text-muted-foreground"
        />
        <p id="account-email-hint" className="text-muted-foreground text-xs">
          Your email is your sign-in and cannot be changed here.
        </p>
      </div>
      <SubmitButton intent="update-profile" working="Saving...">
        Save Changes
      </SubmitButton>
    </AccountForm>
  );
}

/** The default shipping address: street, city, state (2 letters), ZIP; 'Update Address'. */
function AddressForm({ account, actionData }: TabProps) {
  const [form, fields] = useAccountForm("update-address", updateAddressSchema, actionData, {
    ...account.address,
  });
  return (
    <AccountForm intent="update-address" form={form} className="space-y-4">
      <Field label="Street address" field={fields.street}>
        <Input
          key={fields.street.key}
          {...spreadable(getInputProps(fields.street, { type: "text" }))}
          autoComplete="street-address"
          maxLength={ACCOUNT_LIMITS.street}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_7rem_9rem]">
        <Field label="City" field={fields.city} className="col-span-2 sm:col-span-1">
          <Input
            key={fields.city.key}
            {...spreadable(getInputProps(fields.city, { type: "text" }))}
            autoComplete="address-level2"
            maxLength={ACCOUNT_LIMITS.city}
          />
        </Field>
        <Field label="State" field={fields.state}>
          <Input
            key={fields.state.key}
            {...spreadable(getInputProps(fields.state, { type: "text" }))}
            autoComplete="address-level1"
            maxLength={2}
            className="uppercase"
          />
        </Field>
        <Field label="ZIP code" field={fields.zip}>
          <Input
            key={fields.zip.key}
            {...spreadable(getInputProps(fields.zip, { type: "text" }))}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
          />
        </Field>
      </div>
      <SubmitButton intent="update-address" working="Saving...">
        Update Address
      </SubmitButton>
    </AccountForm>
  );
}

/** The Profile tab: personal details, the default shipping address and reward points. */
export function ProfileTab(props: TabProps) {
  const { account } = props;
  return (
    <div className="space-y-6">
      {account.emailVerified ? null : (
        <VerifyEmailNotice
          email={account.email}
          purpose="check out, add funds, open packs and trade"
        />
      )}
      <Section
        id="profile"
        title="Profile"
        description="Your name as it appears on orders and in the community."
      >
        <ProfileForm {...props} />
      </Section>
      <Section
        id="address"
        title="Shipping address"
        description="The default address for orders and card redemptions (US only)."
      >
        <AddressForm {...props} />
      </Section>
      <RewardsCard />
    </div>
  );
}
