import { BadgeCheck, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, type UrlTab } from "~/components/ui/url-tabs";

/** The tabs of /leaderboard (docs/product/rewards.md), in order; `?tab=` names the current one. */
export const LEADERBOARD_TABS = ["rankings", "achievements"] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** The tab named by a `?tab=` value; anything else is Rankings. */
export function parseLeaderboardTab(value: string | null): LeaderboardTab {
  return LEADERBOARD_TABS.find((tab) => tab === value) ?? "rankings";
}

const TABS: UrlTab<LeaderboardTab>[] = [
  { value: "rankings", label: "Rankings", icon: Trophy },
  { value: "achievements", label: "Achievements", icon: BadgeCheck },
];

/**
 * Rankings and Achievements (Radix Tabs). The tab lives in `?tab=`, so it survives a reload and
 * can be linked; each trigger is a link to its URL, so the tabs work before JavaScript loads.
 */
export function LeaderboardTabs({
  rankings,
  achievements,
}: {
  rankings: ReactNode;
  achievements: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const tab = parseLeaderboardTab(searchParams.get("tab"));
  return (
    <UrlTabs tab={tab} tabs={TABS} label="Leaderboard sections">
      <TabsContent value="rankings">{rankings}</TabsContent>
      <TabsContent value="achievements">{achievements}</TabsContent>
    </UrlTabs>
  );
}
