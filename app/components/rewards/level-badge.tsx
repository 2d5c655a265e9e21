import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import type { LevelName } from "~/lib/levels";

/**
 * docs/product/rewards.md (Leaderboard): Platinum, Gold and Silver badges, otherwise the bronze style.
 * Light theme: 800-900 text on a 100 tint; dark theme: 100-200 text on a 15 % tint (WCAG AA on
 * the surface colours, like the rarity badges).
 */
const LEVEL_STYLES: Record<LevelName, { badge: string; dot: string }> = {
  Platinum: {
    badge:
      "border-cyan-300 bg-cyan-100 text-cyan-900 dark:border-cyan-400/50 dark:bg-cyan-400/15 dark:text-cyan-100",
    dot: "bg-cyan-600 dark:bg-cyan-200",
  },
  Gold: {
    badge:
      "border-yellow-300 bg-yellow-100 text-yellow-900 dark:border-yellow-400/50 dark:bg-yellow-400/15 dark:text-yellow-100",
    dot: "bg-yellow-600 dark:bg-yellow-300",
  },
  Silver: {
    badge:
      "border-zinc-300 bg-zinc-100 text-zinc-800 dark:border-zinc-400/50 dark:bg-zinc-300/15 dark:text-zinc-100",
    dot: "bg-zinc-500 dark:bg-zinc-300",
  },
  Bronze: {
    badge:
      "border-orange-300 bg-orange-100 text-orange-900 dark:border-orange-500/50 dark:bg-orange-500/15 dark:text-orange-200",
    dot: "bg-orange-700 dark:bg-orange-300",
  },
};

/** A level's badge ('Gold'), with its colour dot; `data-level` carries it for tests. */
export function LevelBadge({ level, className }: { level: LevelName; className?: string }) {
  const style = LEVEL_STYLES[level];
  return (
    <Badge data-level={level} className={cn("gap-1.5", style.badge, className)}>
      <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden="true" />
      {level}
    </Badge>
  );
}
