import { Link } from "react-router";
import { NoRankings, RankingsTable } from "./rankings-table";
import type { PublicLeaderboard } from "~/.server/rewards/leaderboard";
import { formatPoints } from "~/components/rewards/format";
import { signInHref } from "~/lib/sign-in-href";

/**
 * The Rankings tab: the top 100 by total earned, or the empty state; then where the signed-in
 * user stands: their own row again with its rank when they are below the top 100 (docs/product/rewards.md:
 * the user sees their own rank), a line when they have no points yet, a sign-in link for a
 * visitor.
 */
export function RankingsPanel({
  leaderboard,
  signedIn,
}: {
  leaderboard: PublicLeaderboard;
  signedIn: boolean;
}) {
  const { rows, me } = leaderboard;
  const inTop = rows.some((row) => row.own);
  return (
    <div className="space-y-6">
      {rows.length === 0 ? (
        <NoRankings />
      ) : (
        <RankingsTable
          rows={rows}
          caption={`Top ${rows.length} collectors by total points earned`}
        />
      )}
      {me && !inTop ? (
        <section aria-labelledby="own-rank-title" className="space-y-3">
          <h2 id="own-rank-title" className="text-lg font-semibold">
            Your rank: #{formatPoints(me.rank)}
          </h2>
          <RankingsTable rows={[me]} caption="Your ranking" />
        </section>
      ) : null}
      {signedIn && !me ? (
        <p className="text-muted-foreground text-sm">
          You are not on the leaderboard yet: open a pack, sell on the marketplace or place an order
          to earn your first points.
        </p>
      ) : null}
      {!signedIn ? (
        <p className="text-muted-foreground text-sm">
          <Link to={signInHref("/leaderboard")} className="text-accent font-medium underline">
            Sign in
          </Link>{" "}
          to see your own rank and achievements.
        </p>
      ) : null}
    </div>
  );
}
