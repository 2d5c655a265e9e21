import type { PlayStatus } from "~/.server/play/status";
import { formatCents } from "~/lib/money";
import { limitLabel } from "~/lib/play";
import { formatInstant } from "~/lib/time";
import { useTimeZone } from "~/lib/use-time-zone";

/**
 * The Users tab's read-only view of one user's responsible play (decision record 010): the
 * break or self-exclusion in force, each limit set (with a pending raise or removal), and a
 * date of birth still to confirm. Staff cannot change any of it.
 */
export function PlaySummary({ status }: { status: PlayStatus | undefined }) {
  const timeZone = useTimeZone();
  if (!status) return null;
  const at = (date: Date) => formatInstant(date, { timeZone });
  const limits = status.limits.filter((limit) => limit.amountCents !== null || limit.pending);
  const lines = [
    status.pause
      ? `${status.pause.kind === "break" ? "On a break" : "Self-excluded"} until ${at(status.pause.until)}`
      : null,
    ...limits.map((limit) => {
      const now = limit.amountCents === null ? "none" : formatCents(limit.amountCents);
      const pending = limit.pending
        ? ` (${limit.pending.amountCents === null ? "removal" : formatCents(limit.pending.amountCents)} from ${at(limit.pending.from)})`
        : "";
      return `${limitLabel(limit.period, limit.kind)}: ${now}${pending}`;
    }),
    status.dateOfBirthConfirmed ? null : "Date of birth not confirmed",
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return <span className="text-muted-foreground">No limits</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
