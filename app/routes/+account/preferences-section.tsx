import { getInputProps } from "@conform-to/react";
import { AccountFormSection, useAccountForm } from "./account-form";
import { CHOICE_CONTROL, ChoiceCard } from "./choice-card";
import { withoutKey } from "~/components/ui/form-controls";
import type { AccountActionData } from "../account";
import type { EmailPreferences } from "~/lib/schemas/account";
import { updatePreferencesSchema } from "~/lib/schemas/account";

/** The spec's three email preferences (docs/product/accounts-and-security.md), with a line on each. */
const PREFERENCES: { name: keyof EmailPreferences; label: string; hint: string }[] = [
  {
    name: "emailNewArrivals",
    label: "New arrivals and promotions",
    hint: "New packs, fresh stock and sales.",
  },
  {
    name: "emailOrderUpdates",
    label: "Order updates",
    hint: "Confirmations, shipping and redemption news.",
  },
  {
    name: "emailEventNotifications",
    label: "Event notifications",
    hint: "Card shows, tournaments and fairs at the store.",
  },
];

/** Settings: the email preference checkboxes, saved with 'Save Preferences'. */
export function PreferencesSection({
  preferences,
  actionData,
}: {
  preferences: EmailPreferences;
  actionData: AccountActionData | undefined;
}) {
  const [form, fields] = useAccountForm(
    "update-preferences",
    updatePreferencesSchema,
    actionData,
    Object.fromEntries(PREFERENCES.map(({ name }) => [name, preferences[name] ? "on" : undefined])),
  );
  return (
    <AccountFormSection
      id="preferences"
      title="Email preferences"
      description="Choose what PackVault may email you about. Security emails are always sent."
      intent="update-preferences"
      form={form}
      label="Save Preferences"
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Send me emails about</legend>
        {PREFERENCES.map(({ name, label, hint }) => (
          <ChoiceCard
            key={name}
            control={
              <input
                key={fields[name].key}
                {...withoutKey(getInputProps(fields[name], { type: "checkbox" }))}
                className={CHOICE_CONTROL}
              />
            }
            label={label}
            hint={hint}
          />
        ))}
      </fieldset>
    </AccountFormSection>
  );
}
