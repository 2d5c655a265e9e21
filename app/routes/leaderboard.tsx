import { keepDataAcrossTabs } from "~/lib/tab-revalidation";
import type { Route } from "./+types/leaderboard";
import { AchievementsPanel } from "./+leaderboard/achievements-panel";
import { LeaderboardTabs } from "./+leaderboard/leaderboard-tabs";
import { RankingsPanel } from "./+leaderboard/rankings-panel";
import { requestCtx } from "~/.server/request-context";
import {
  listAchievements,
  loadLeaderboard,
  publicLeaderboard,
} from "~/.server/rewards/leaderboard";
import { LevelThresholds } from "~/components/rewards/levels";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { POINTS_PER_DOLLAR_LABEL } from "~/lib/rates";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.feed]);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Leaderboard",
    "The PackVault points leaderboard: the top 100 collectors by points earned, their levels, and every achievement to unlock.",
  );

/**
 * /leaderboard (docs/product/rewards.md), public: the top 100 by
 * total earned with the signed-in user's own row (also below the top 100), and the
 * achievements catalogue marked with the signed-in user's unlocks.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const [leaderboard, achievements] = await Promise.all([
    loadLeaderboard(ctx),
    listAchievements(ctx),
  ]);
  return {
    leaderboard: publicLeaderboard(leaderboard, context.user?.id ?? null),
    achievements,
    signedIn: context.user !== null,
  };
}

/** Switching tabs only changes `?tab=`: the page already has both tabs' data. */
export const shouldRevalidate = keepDataAcrossTabs;

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { leaderboard, achievements, signedIn } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <PageHeader
        title="Leaderboard"
        lead={`Collectors ranked by the points they have earned: ${POINTS_PER_DOLLAR_LABEL} spent on packs and in the store or earned from marketplace sales, plus every achievement unlocked.`}
      />
      <LeaderboardTabs
        rankings={<RankingsPanel leaderboard={leaderboard} signedIn={signedIn} />}
        achievements={<AchievementsPanel achievements={achievements} tracked={signedIn} />}
      />
      <LevelThresholds current={leaderboard.me?.level ?? null} className="mt-10" />
    </div>
  );
}
