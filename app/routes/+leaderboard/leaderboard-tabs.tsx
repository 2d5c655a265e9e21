import { BadgeCheck, Trophy } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

/** The tabs of /leaderboard (spec section 2), in order; `?tab=` names the current one. */
export const LEADERBOARD_TABS = ["rankings", "achievements"] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** The tab named by a `?tab=` value; anything else is Rankings. */
export function parseLeaderboardTab(value: string | null): LeaderboardTab {
  return LEADERBOARD_TABS.find((tab) => tab === value) ?? "rankings";
}

const TABS = [
  { value: "rankings", label: "Rankings", icon: Trophy },
  { value: "achievements", label: "Achievements", icon: BadgeCheck },
] as const;

/** A plain left click, which Radix has already turned into a tab change. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

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
  const navigate = useNavigate();
  const tab = parseLeaderboardTab(searchParams.get("tab"));
  const select = (next: string) =>
    navigate(`?tab=${next}`, { replace: true, preventScrollReset: true });
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Leaderboard sections">
        {TABS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}`}
              onClick={(event) => isPlainClick(event) && event.preventDefault()}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="rankings">{rankings}</TabsContent>
      <TabsContent value="achievements">{achievements}</TabsContent>
    </Tabs>
  );
}
