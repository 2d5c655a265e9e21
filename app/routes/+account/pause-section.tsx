import { CirclePause } from "lucide-react";
import { useState } from "react";
import { AccountForm, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section, StatusBadge } from "./section";
import { ChoiceCard } from "./choice-card";
import { DangerConfirmButtons, DangerTrigger } from "./danger-confirm";
import { AlertDialog, AlertDialogContent } from "~/components/ui/alert-dialog";
import { PAUSE_OPTIONS, pauseEnd, type PauseLength, type PauseView } from "~/lib/play";
import { startPauseSchema } from "~/lib/schemas/play";
import { formatInstant } from "~/lib/time";
import { useTimeZone } from "~/lib/use-time-zone";

const GROUPS = [
  { kind: "break", legend: "Take a break" },
  { kind: "exclusion", legend: "Self-exclusion" },
] as const;

/**
 * Limits tab: take a break (24 hours, 7 days, 30 days) or exclude yourself (6 months, 1 year,
 * 5 years), confirmed in an alert dialog because it cannot be ended early. While one is in
 * force the section tells until when instead (docs/decisions/010-responsible-play.md).
 */
export function PauseSection({
  pause,
  now,
  actionData,
}: {
  pause: PauseView | null;
  now: Date;
  actionData: AccountActionData | undefined;
}) {
  const timeZone = useTimeZone();
  const until = (date: Date) => formatInstant(date, { timeZone });
  const [length, setLength] = useState<PauseLength>("24h");
  const [open, setOpen] = useState(false);
  const [form] = useAccountForm("start-pause", startPauseSchema, actionData);
  const chosen = PAUSE_OPTIONS.find((option) => option.value === length)!;
  const what =
    chosen.kind === "break" ? `a break of ${chosen.label}` : `a self-exclusion of ${chosen.label}`;
  const start = chosen.kind === "break" ? "Start break" : "Start self-exclusion";

  if (pause) {
    return (
      <Section
        id="pause"
        title={pause.kind === "break" ? "You are taking a break" : "You have excluded yourself"}
        actions={
          <StatusBadge positive>
            {pause.kind === "break" ? "On a break" : "Self-excluded"}
          </StatusBadge>
        }
        description={`Until ${until(pause.until)}. Until then you cannot add funds, open packs, buy on the marketplace or make offers. Withdrawals, redemptions and your vault still work.`}
      >
        <p className="text-muted-foreground text-sm">
          It cannot be ended early. If you need help, talk to someone you trust or a support
          organisation near you.
        </p>
      </Section>
    );
  }
  return (
    <Section
      id="pause"
      title="Take a break or exclude yourself"
      description="No top-ups, pack openings, marketplace purchases or offers until it ends. Withdrawals, redemptions and your vault still work. It cannot be ended early."
    >
      <AccountForm intent="start-pause" form={form} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {GROUPS.map((group) => (
            <fieldset key={group.kind} className="space-y-2">
              <legend className="mb-1 text-sm font-medium">{group.legend}</legend>
              {PAUSE_OPTIONS.filter((option) => option.kind === group.kind).map((option) => (
                <ChoiceCard
                  key={option.value}
                  control={
                    <input
                      type="radio"
                      name="length"
                      value={option.value}
                      checked={length === option.value}
                      onChange={() => setLength(option.value)}
                      className="accent-accent size-4"
                    />
                  }
                  label={option.label}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <AlertDialog open={open} onOpenChange={setOpen}>
          <DangerTrigger icon={CirclePause}>{start}</DangerTrigger>
          <AlertDialogContent
            title={`Start ${what}?`}
            description={`Until ${until(pauseEnd(length, now))} you will not be able to add funds, open packs, buy on the marketplace or make offers. It cannot be ended early.`}
          >
            <DangerConfirmButtons intent="start-pause" working="Starting..." form={form.id}>
              {start}
            </DangerConfirmButtons>
          </AlertDialogContent>
        </AlertDialog>
      </AccountForm>
    </Section>
  );
}
