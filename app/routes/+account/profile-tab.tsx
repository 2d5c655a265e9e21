import { BadgeCheck, MailWarning } from "lucide-react";
import type { ComponentProps } from "react";
import { AccountFormSection, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { RewardsCard } from "./rewards-card";
import { StatusBadge } from "./section";
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

/** The Profile card: Full Name (editable) and Email (read-only); 'Save Changes' ('Saving...'). */
function ProfileForm({ account, actionData }: TabProps) {
  const [form, fields] = useAccountForm("update-profile", updateProfileSchema, actionData, {
    fullName: account.fullName,
  });
  return (
    <AccountFormSection
      id="profile"
      title="Profile"
      description="Your name as it appears on orders and in the community."
      intent="update-profile"
      form={form}
      label="Save Changes"
    >
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
    </AccountFormSection>
  );
}

/**
 * The address inputs on a grid: the street on a row of its own, then city, state and ZIP
 * (the city on a row of its own on phones).
 */
const ADDRESS_INPUTS: ({
  name: "street" | "city" | "state" | "zip";
  label: string;
  /** The grid cell's classes. */
  cell?: string;
} & Omit<ComponentProps<"input">, "key" | "name">)[] = [
  {
    name: "street",
    label: "Street address",
    autoComplete: "street-address",
    maxLength: ACCOUNT_LIMITS.street,
    cell: "col-span-2 sm:col-span-3",
  },
  {
    name: "city",
    label: "City",
    autoComplete: "address-level2",
    maxLength: ACCOUNT_LIMITS.city,
    cell: "col-span-2 sm:col-span-1",
  },
  {
    name: "state",
    label: "State",
    autoComplete: "address-level1",
    maxLength: 2,
    className: "uppercase",
  },
  {
    name: "zip",
    label: "ZIP code",
    autoComplete: "postal-code",
    inputMode: "numeric",
    maxLength: 10,
  },
];

/** The Shipping address card, the default address: street, city, state (2 letters), ZIP; 'Update Address'. */
function AddressForm({ account, actionData }: TabProps) {
  const [form, fields] = useAccountForm("update-address", updateAddressSchema, actionData, {
    ...account.address,
  });
  return (
    <AccountFormSection
      id="address"
      title="Shipping address"
      description="The default address for orders and card redemptions (US only)."
      intent="update-address"
      form={form}
      label="Update Address"
    >
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_7rem_9rem]">
        {ADDRESS_INPUTS.map(({ name, cell, ...input }) => (
          <div key={name} className={cell}>
            <TextField field={fields[name]} {...input} />
          </div>
        ))}
      </div>
    </AccountFormSection>
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
      <ProfileForm {...props} />
      <AddressForm {...props} />
      <RewardsCard />
    </div>
  );
}
