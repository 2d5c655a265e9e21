import { CirclePause } from "lucide-react";
import { useState } from "react";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { Section, StatusBadge } from "./section";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { PAUSE_OPTIONS, pauseEnd, type PauseLength, type PauseView } from "~/lib/play";
import { startPauseSchema } from "~/lib/schemas/play";
import { formatInstant } from "~/lib/time";
import { useTimeZone } from "~/lib/use-time-zone";

const DESTRUCTIVE = "bg-danger text-background hover:opacity-90";
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
                <label
                  key={option.value}
                  className="hover:bg-surface-2 flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm"
                >
                  <input
                    type="radio"
                    name="length"
                    value={option.value}
                    checked={length === option.value}
                    onChange={() => setLength(option.value)}
                    className="accent-accent size-4"
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="border-danger/60 text-danger hover:bg-danger/10">
              <CirclePause className="size-4" aria-hidden="true" />
              {chosen.kind === "break" ? "Start break" : "Start self-exclusion"}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            title={`Start ${what}?`}
            description={`Until ${until(pauseEnd(length, now))} you will not be able to add funds, open packs, buy on the marketplace or make offers. It cannot be ended early.`}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialogCancel asChild>
                <Button variant="outline">Cancel</Button>
              </AlertDialogCancel>
              <SubmitButton
                intent="start-pause"
                working="Starting..."
                form={form.id}
                className={DESTRUCTIVE}
              >
                {chosen.kind === "break" ? "Start break" : "Start self-exclusion"}
              </SubmitButton>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      </AccountForm>
    </Section>
  );
}
