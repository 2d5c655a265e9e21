import { CaseUpper, EyeOff, UserRound } from "lucide-react";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import type { LeaderboardName } from "~/lib/leaderboard-names";
import { updateLeaderboardPrivacySchema } from "~/lib/schemas/account";

/**
 * Settings: how the user appears on the /leaderboard (docs/product/rewards.md): by their
 * initials (the default), by their full name, or as 'Anonymous'. Their row, rank and points
 * show either way. Saved with 'Save', which answers with a toast.
 */
export function LeaderboardPrivacySection({
  shown,
  actionData,
}: {
  shown: LeaderboardName;
  actionData: AccountActionData | undefined;
}) {
  const [form, fields] = useAccountForm(
    "update-leaderboard-privacy",
    updateLeaderboardPrivacySchema,
    actionData,
    { leaderboardName: shown },
  );
  const name = fields.leaderboardName.name;
  const choices = [
    {
      value: "initials",
      icon: CaseUpper,
      label: "Show my initials",
      hint: "Your initials appear beside your rank and points.",
    },
    {
      value: "full",
      icon: UserRound,
      label: "Show my name",
      hint: "Your full name appears beside your rank and points.",
    },
    {
      value: "anonymous",
      icon: EyeOff,
      label: "Appear as 'Anonymous'",
      hint: "Your rank and points still show, without your name.",
    },
  ] as const;
  return (
    <Section
      id="leaderboard-privacy"
      title="Leaderboard"
      description="Choose how you appear on the points leaderboard."
    >
      <AccountForm intent="update-leaderboard-privacy" form={form} className="space-y-4">
        {/* Remounted when the saved value changes, so the choice shown is the saved one. */}
        <fieldset key={shown} className="space-y-2">
          <legend className="sr-only">Appear on the leaderboard</legend>
          {choices.map(({ value, icon: Icon, label, hint }) => (
            <label
              key={label}
              className="hover:bg-surface-2 has-[:checked]:border-accent flex cursor-pointer items-start gap-3 rounded-lg border p-3"
            >
              <input
                type="radio"
                name={name}
                value={value}
                defaultChecked={value === shown}
                className="accent-accent mt-0.5 size-4 shrink-0"
              />
              <Icon className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{label}</span>
                <span className="text-muted-foreground block text-xs">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton intent="update-leaderboard-privacy" working="Saving...">
          Save
        </SubmitButton>
      </AccountForm>
    </Section>
  );
}
