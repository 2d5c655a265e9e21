import { LimitsSection } from "./limits-section";
import { PauseSection } from "./pause-section";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import type { PlayStatus } from "~/.server/play/status";
import { ConfirmDateOfBirth } from "~/components/play/confirm-date-of-birth";

/**
 * The Limits tab (docs/decisions/010-responsible-play.md): the date of birth to confirm (for
 * accounts made before sign-up asked it), deposit and pack spending limits, and a break or
 * self-exclusion.
 */
export function LimitsTab({
  play,
  now,
  actionData,
}: {
  play: PlayStatus;
  now: Date;
  actionData: AccountActionData | undefined;
}) {
  return (
    <div className="space-y-6">
      {play.dateOfBirthConfirmed ? null : (
        <Section id="date-of-birth" title="Confirm your age">
          <ConfirmDateOfBirth />
        </Section>
      )}
      <PauseSection pause={play.pause} now={now} actionData={actionData} />
      <LimitsSection kind="deposit" limits={play.limits} actionData={actionData} />
      <LimitsSection kind="spending" limits={play.limits} actionData={actionData} />
    </div>
  );
}
