import { Award, Medal, Trophy, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

/** docs/product/rewards.md (Leaderboard): icons for the top 3, in gold, silver and bronze. */
const PODIUM: Record<number, { icon: LucideIcon; className: string }> = {
  1: { icon: Trophy, className: "text-yellow-600 dark:text-yellow-400" },
  2: { icon: Medal, className: "text-zinc-500 dark:text-zinc-300" },
  3: { icon: Award, className: "text-orange-700 dark:text-orange-400" },
};

/**
 * A rank as the leaderboard shows it: the trophy, medal or award icon for 1-3 beside the
 * number, the number alone from 4 on. The number stays in the text, so a screen reader reads
 * the rank.
 */
export function RankMark({ rank }: { rank: number }) {
  const podium = PODIUM[rank];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 font-semibold tabular-nums",
        podium?.className ?? "text-muted-foreground",
      )}
    >
      {podium ? <podium.icon className="size-5 shrink-0" aria-hidden="true" /> : null}
      <span>{rank}</span>
    </span>
  );
}

/** The row tint of the top 3 (an opaque surface under a tint, so sticky cells stay opaque). */
export function podiumTint(rank: number): string | null {
  switch (rank) {
    case 1:
      return "bg-surface bg-linear-to-r from-yellow-400/15 to-yellow-400/15";
    case 2:
      return "bg-surface bg-linear-to-r from-zinc-400/15 to-zinc-400/15";
    case 3:
      return "bg-surface bg-linear-to-r from-orange-500/15 to-orange-500/15";
    default:
      return null;
  }
}
