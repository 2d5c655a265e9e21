import { AccountFormSection, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { TextField } from "~/components/ui/form-controls";
import { centsToDollars, formatCents } from "~/lib/money";
import { PLAY_PERIODS, limitLabel, type LimitKind, type PlayLimitView } from "~/lib/play";
import { depositLimitsSchema, spendingLimitsSchema } from "~/lib/schemas/play";
import { formatInstant } from "~/lib/time";
import { useTimeZone } from "~/lib/use-time-zone";

const COPY = {
  deposit: {
    intent: "set-deposit-limits",
    schema: depositLimitsSchema,
    title: "Deposit limits",
    description: "The most you can add to your wallet in any rolling day, week or month.",
    save: "Save deposit limits",
  },
  spending: {
    intent: "set-spending-limits",
    schema: spendingLimitsSchema,
    title: "Pack spending limits",
    description: "The most you can spend opening packs in any rolling day, week or month.",
    save: "Save spending limits",
  },
} as const;

/** Under a limit's field: what is in force, and a raise or removal still waiting. */
function limitHint(limit: PlayLimitView, timeZone: string): string {
  const now = limit.amountCents === null ? "No limit." : `${formatCents(limit.amountCents)} now.`;
  if (!limit.pending) return now;
  const change =
    limit.pending.amountCents === null
      ? "Removed"
      : `Raised to ${formatCents(limit.pending.amountCents)}`;
  return `${now} Pending: ${change} on ${formatInstant(limit.pending.from, { timeZone })}.`;
}

/**
 * Limits tab: one kind's daily, weekly and monthly limits in one form (blank for none).
 * Lowering applies at once; raising or removing waits 24 hours and shows as pending
 * (docs/decisions/010-responsible-play.md).
 */
export function LimitsSection({
  kind,
  limits,
  actionData,
}: {
  kind: LimitKind;
  limits: PlayLimitView[];
  actionData: AccountActionData | undefined;
}) {
  const timeZone = useTimeZone();
  const copy = COPY[kind];
  const ofKind = (period: (typeof PLAY_PERIODS)[number]) =>
    limits.find((limit) => limit.kind === kind && limit.period === period)!;
  const [form, fields] = useAccountForm(
    copy.intent,
    copy.schema,
    actionData,
    Object.fromEntries(
      PLAY_PERIODS.map((period) => [period, centsToDollars(ofKind(period).amountCents)]),
    ),
  );
  return (
    <AccountFormSection
      id={`${kind}-limits`}
      title={copy.title}
      description={copy.description}
      intent={copy.intent}
      form={form}
      label={copy.save}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {PLAY_PERIODS.map((period) => (
          <TextField
            key={period}
            label={`${limitLabel(period, kind)} ($)`}
            field={fields[period]}
            description={limitHint(ofKind(period), timeZone)}
            inputMode="decimal"
            placeholder="No limit"
            autoComplete="off"
          />
        ))}
      </div>
      <p className="text-muted-foreground text-xs">
        Lowering a limit applies at once. Raising or removing one applies after 24 hours.
      </p>
    </AccountFormSection>
  );
}
