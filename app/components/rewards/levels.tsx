import { formatPoints } from "./format";
import { LevelBadge } from "./level-badge";
import { cn } from "~/lib/cn";
import { LEVELS, levelFor, nextLevel } from "~/lib/levels";

/** The levels from the lowest up: Bronze 0, Silver 1,000, Gold 5,000, Platinum 20,000. */
const ASCENDING = [...LEVELS].reverse();

/**
 * The level thresholds (docs/product/rewards.md, "Levels": the spec gives none, so the page shows them): each
 * level's badge and the total earned points it starts from; `current` is marked.
 */
export function LevelThresholds({
  current,
  className,
}: {
  current?: ReturnType<typeof levelFor> | null;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="levels-title"
      className={cn("bg-surface rounded-xl border p-4 sm:p-5", className)}
    >
      <h2 id="levels-title" className="text-base font-semibold">
        Levels
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">
        Your level comes from the total points you have ever earned; spending points never lowers
        it.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ASCENDING.map((level) => (
          <li
            key={level.name}
            aria-current={current === level.name ? "true" : undefined}
            className={cn(
              "bg-surface-2 flex flex-col items-start gap-1.5 rounded-lg border p-3",
              current === level.name ? "border-accent" : "border-transparent",
            )}
          >
            <LevelBadge level={level.name} />
            <span className="text-sm">
              {level.from === 0 ? "From 0 points" : `From ${formatPoints(level.from)} points`}
            </span>
            {current === level.name ? (
              <span className="text-accent text-xs font-semibold">Your level</span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A user's level and how far the next one is: the badge, and a bar from the current level's
 * threshold to the next with 'N points to Gold' (or 'Top level reached' at Platinum).
 */
export function LevelProgress({ totalEarned }: { totalEarned: number }) {
  const level = levelFor(totalEarned);
  const next = nextLevel(totalEarned);
  const from = LEVELS.find((l) => l.name === level)!.from;
  const span = next ? next.pointsToGo + (totalEarned - from) : 1;
  const percent = next ? Math.floor(((totalEarned - from) / span) * 100) : 100;
  const label = next
    ? `${formatPoints(next.pointsToGo)} points to ${next.name}`
    : "Top level reached";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <LevelBadge level={level} />
        <span className="text-muted-foreground">{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label={next ? `Progress to ${next.name}` : `${level} level`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="bg-surface-2 h-2 overflow-hidden rounded-full"
      >
        <div className="bg-accent h-full rounded-full" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
