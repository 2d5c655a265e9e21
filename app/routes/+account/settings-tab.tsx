import { DangerZone } from "./danger-zone";
import { LeaderboardPrivacySection } from "./leaderboard-privacy-section";
import { PasswordSection } from "./password-section";
import { PreferencesSection } from "./preferences-section";
import type { AccountActionData } from "../account";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import type { AccountProfile } from "~/lib/domain/account";
import type { ActiveSession } from "~/.server/account/sessions";

/**
 * The Settings tab: email preferences, how the user appears on the leaderboard, password,
 * two-factor, sessions and the Danger Zone.
 */
export function SettingsTab({
  account,
  sessions,
  now,
  actionData,
}: {
  account: AccountProfile;
  sessions: ActiveSession[];
  now: Date;
  actionData: AccountActionData | undefined;
}) {
  return (
    <div className="space-y-6">
      <PreferencesSection preferences={account.preferences} actionData={actionData} />
      <LeaderboardPrivacySection shown={account.leaderboardName} actionData={actionData} />
      <PasswordSection actionData={actionData} />
      <TwoFactorSection status={account.twoFactor} actionData={actionData} />
      <SessionsSection sessions={sessions} now={now} />
      <DangerZone email={account.email} actionData={actionData} />
    </div>
  );
}
