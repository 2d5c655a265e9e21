import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";

/**
 * A gain or loss in cents, signed and coloured ("+$12.00", "-$3.50", "$0.00"), with the word
 * for screen readers; "—" when the cost is unknown (a card received in a trade).
 */
export function Gain({ cents, className }: { cents: number | null; className?: string }) {
  if (cents === null) {
    return (
      <span className={className}>
        —<span className="sr-only">unknown: received in a trade</span>
      </span>
    );
  }
  const word = cents > 0 ? "gain" : cents < 0 ? "loss" : "no change";
  return (
    <span
      className={cn(
        "tabular-nums",
        cents > 0 ? "text-green-700 dark:text-green-400" : cents < 0 ? "text-danger" : undefined,
        className,
      )}
    >
      <span className="sr-only">{word} </span>
      {cents > 0 ? "+" : cents < 0 ? "-" : ""}
      {formatCents(Math.abs(cents))}
    </span>
  );
}
