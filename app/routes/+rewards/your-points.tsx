import { Award, LogIn } from "lucide-react";
import { Link } from "react-router";
import { formatPoints } from "~/components/rewards/format";
import { LevelProgress } from "~/components/rewards/levels";
import { Button } from "~/components/ui/button";
import { levelFor } from "~/lib/levels";
import { signInHref } from "~/lib/sign-in-href";

/**
 * The line under the 'Rewards Program' announcement (docs/product/rewards.md): the signed-in user's
 * spendable points and level, with the way to the next level; a visitor is asked to sign in.
 */
export function YourPoints({ points }: { points: { points: number; totalEarned: number } | null }) {
  if (!points) {
    return (
      <section
        aria-labelledby="your-points-title"
        className="bg-surface flex flex-col gap-4 rounded-xl border p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="space-y-1">
          <h2 id="your-points-title" className="font-semibold">
            Your points
          </h2>
          <p className="text-muted-foreground text-sm">
            Sign in to see your points and level. Points you earn now will count when the program
            opens.
          </p>
        </div>
        <Button asChild className="shrink-0">
          <Link to={signInHref("/rewards")}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="your-points-title"
      className="bg-surface space-y-4 rounded-xl border p-5"
    >
      <h2 id="your-points-title" className="font-semibold">
        Your points
      </h2>
      <p className="flex items-start gap-2">
        <Award className="text-accent mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          You have <strong className="tabular-nums">{formatPoints(points.points)} points</strong>{" "}
          and are at <strong>{levelFor(points.totalEarned)}</strong> level (
          {formatPoints(points.totalEarned)} earned in total).
        </span>
      </p>
      <LevelProgress totalEarned={points.totalEarned} />
      <p className="text-muted-foreground text-sm">
        See where you stand on the{" "}
        <Link to="/leaderboard" className="text-accent font-medium underline">
          leaderboard
        </Link>
        .
      </p>
    </section>
  );
}
