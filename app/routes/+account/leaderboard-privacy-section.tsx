import { CaseUpper, EyeOff, UserRound } from "lucide-react";
import { AccountFormSection, useAccountForm } from "./account-form";
import { CHOICE_CONTROL, ChoiceCard } from "./choice-card";
import type { AccountActionData } from "../account";
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
    <AccountFormSection
      id="leaderboard-privacy"
      title="Leaderboard"
      description="Choose how you appear on the points leaderboard."
      intent="update-leaderboard-privacy"
      form={form}
      label="Save"
    >
      {/* Remounted when the saved value changes, so the choice shown is the saved one. */}
      <fieldset key={shown} className="space-y-2">
        <legend className="sr-only">Appear on the leaderboard</legend>
        {choices.map(({ value, icon: Icon, label, hint }) => (
          <ChoiceCard
            key={label}
            className="has-[:checked]:border-accent"
            control={
              <input
                type="radio"
                name={name}
                value={value}
                defaultChecked={value === shown}
                className={CHOICE_CONTROL}
              />
            }
            icon={
              <Icon className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
            }
            label={label}
            hint={hint}
          />
        ))}
      </fieldset>
    </AccountFormSection>
  );
}
