import { Award } from "lucide-react";
import { Link } from "react-router";
import { formatPoints } from "~/components/rewards/format";
import { LevelProgress } from "~/components/rewards/levels";
import { SignInButton } from "~/components/account-ui/sign-in-button";
import { TitledCard } from "~/components/account-ui/titled-card";
import { levelFor } from "~/lib/levels";

/**
 * The line under the 'Rewards Program' announcement (docs/product/rewards.md): the signed-in user's
 * spendable points and level, with the way to the next level; a visitor is asked to sign in.
 */
export function YourPoints({ points }: { points: { points: number; totalEarned: number } | null }) {
  if (!points) {
    return (
      <TitledCard
        id="your-points"
        title="Your points"
        lead="Sign in to see your points and level. Points you earn now will count when the program opens."
        className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <SignInButton returnTo="/rewards" className="shrink-0">
          Sign In
        </SignInButton>
      </TitledCard>
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
