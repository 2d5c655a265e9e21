import { getInputProps } from "@conform-to/react";
import { spreadable } from "../+content/forms";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section } from "./section";
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
    <Section
      id="preferences"
      title="Email preferences"
      description="Choose what PackVault may email you about. Security emails are always sent."
    >
      <AccountForm intent="update-preferences" form={form} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="sr-only">Send me emails about</legend>
          {PREFERENCES.map(({ name, label, hint }) => (
            <label
              key={name}
              className="hover:bg-surface-2 flex cursor-pointer items-start gap-3 rounded-lg border p-3"
            >
              <input
                key={fields[name].key}
                {...spreadable(getInputProps(fields[name], { type: "checkbox" }))}
                className="accent-accent mt-0.5 size-4 shrink-0"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{label}</span>
                <span className="text-muted-foreground block text-xs">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton intent="update-preferences" working="Saving...">
          Save Preferences
        </SubmitButton>
      </AccountForm>
    </Section>
  );
}
