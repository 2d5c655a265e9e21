import { LimitsSection } from "./limits-section";
import { PackConfirmationSection } from "./pack-confirmation-section";
import { PauseSection } from "./pause-section";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import type { PlayStatus } from "~/.server/play/status";
import { telHref, type Helpline } from "~/lib/play";
import { ConfirmDateOfBirth } from "~/components/play/confirm-date-of-birth";

/**
 * The Limits tab (docs/decisions/010-responsible-play.md): the date of birth to confirm (for
 * accounts made before sign-up asked it), deposit and pack spending limits, a break or
 * self-exclusion, the price under which packs open without asking, and the problem-gambling helpline (configured by HELPLINE_URL and
 * HELPLINE_PHONE).
 */
export function LimitsTab({
  play,
  now,
  actionData,
}: {
  play: PlayStatus & { helpline: Helpline };
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
      <PackConfirmationSection underCents={play.packConfirmUnderCents} actionData={actionData} />
      <Section
        id="helpline"
        title="Need to talk to someone?"
        description="If gambling or spending on packs worries you or someone close to you, free and confidential help is there around the clock."
      >
        <p className="text-sm">
          Call{" "}
          <a
            href={telHref(play.helpline.phone)}
            className="font-medium underline underline-offset-4"
          >
            {play.helpline.phone}
          </a>{" "}
          or visit{" "}
          <a
            href={play.helpline.url}
            rel="noopener noreferrer"
            target="_blank"
            className="font-medium underline underline-offset-4"
          >
            the problem gambling helpline
          </a>
          .
        </p>
      </Section>
    </div>
  );
}
