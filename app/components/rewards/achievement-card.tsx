import { CircleCheck, Lock, Package, Star, Store, Vault, type LucideIcon } from "lucide-react";
import { formatPoints } from "./format";
import { cn } from "~/lib/cn";
import { Time } from "~/components/ui/time";

/** An achievement's category, each with its icon (docs/product/rewards.md, "Achievements"). */
export type AchievementCategory = "packs" | "marketplace" | "vault" | "other";

const CATEGORY: Record<AchievementCategory, { icon: LucideIcon; label: string }> = {
  packs: { icon: Package, label: "Packs" },
  marketplace: { icon: Store, label: "Marketplace" },
  vault: { icon: Vault, label: "Vault" },
  other: { icon: Star, label: "Other" },
};

/** One achievement as the card shows it; `unlockedAt` null when locked (or for a visitor). */
export type AchievementView = {
  id: string;
  name: string;
  description: string;
  points: number;
  category: AchievementCategory;
  unlockedAt: Date | null;
};

/**
 * An achievement card (docs/product/rewards.md, "Achievements"): category icon, name,
 * description and points. For a signed-in user (`tracked`) it also says whether they unlocked it
 * and when ('Unlocked Nov 1, 2026') or 'Locked'.
 */
export function AchievementCard({
  achievement,
  tracked,
}: {
  achievement: AchievementView;
  tracked: boolean;
}) {
  const { icon: Icon, label } = CATEGORY[achievement.category] ?? CATEGORY.other;
  const unlocked = tracked && achievement.unlockedAt !== null;
  return (
    <article
      aria-labelledby={`achievement-${achievement.id}`}
      data-unlocked={tracked ? String(unlocked) : undefined}
      className={cn(
        "bg-surface flex h-full gap-3 rounded-xl border p-4",
        unlocked && "border-accent/60 bg-accent/5",
      )}
    >
      <span
        className={cn(
          "grid size-10 shrink-0 place-items-center rounded-lg",
          unlocked ? "bg-accent text-accent-foreground" : "bg-surface-2 text-accent",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {/* The points sit on the last line, right-aligned on every card: beside the name they
          wrapped under long names only, so the cards of a row did not line up. */}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={`achievement-${achievement.id}`} className="font-semibold">
          {achievement.name}
        </h3>
        <p className="text-muted-foreground text-sm">{achievement.description}</p>
        <p className="text-muted-foreground mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs">
          <span>{label}</span>
          {tracked ? (
            unlocked ? (
              <span className="inline-flex items-center gap-1 font-medium text-green-700 dark:text-green-400">
                <CircleCheck className="size-3.5" aria-hidden="true" />
                Unlocked <Time value={achievement.unlockedAt!} style="date" />
              </span>
            ) : (
              <span className="inline-flex items-center gap-1">
                <Lock className="size-3.5" aria-hidden="true" />
                Locked
              </span>
            )
          ) : null}
          <span className="text-accent ml-auto text-sm font-semibold whitespace-nowrap tabular-nums">
            +{formatPoints(achievement.points)} points
          </span>
        </p>
      </div>
    </article>
  );
}
