import { BadgeCheck, MailWarning } from "lucide-react";
import { AccountSubmitForm, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { RewardsCard } from "./rewards-card";
import { Section, StatusBadge } from "./section";
import type { AccountProfile } from "~/lib/domain/account";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { TextField } from "~/components/ui/form-controls";
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
    <AccountSubmitForm intent="update-profile" form={form} label="Save Changes">
      <TextField
        label="Full Name"
        field={fields.fullName}
        autoComplete="name"
        maxLength={ACCOUNT_LIMITS.fullName}
      />
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
    </AccountSubmitForm>
  );
}

/** The default shipping address: street, city, state (2 letters), ZIP; 'Update Address'. */
function AddressForm({ account, actionData }: TabProps) {
  const [form, fields] = useAccountForm("update-address", updateAddressSchema, actionData, {
    ...account.address,
  });
  return (
    <AccountSubmitForm intent="update-address" form={form} label="Update Address">
      <TextField
        label="Street address"
        field={fields.street}
        autoComplete="street-address"
        maxLength={ACCOUNT_LIMITS.street}
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_7rem_9rem]">
        {/* The city takes the whole first row on phones. */}
        <div className="col-span-2 sm:col-span-1">
          <TextField
            label="City"
            field={fields.city}
            autoComplete="address-level2"
            maxLength={ACCOUNT_LIMITS.city}
          />
        </div>
        <TextField
          label="State"
          field={fields.state}
          autoComplete="address-level1"
          maxLength={2}
          className="uppercase"
        />
        <TextField
          label="ZIP code"
          field={fields.zip}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </div>
    </AccountSubmitForm>
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
