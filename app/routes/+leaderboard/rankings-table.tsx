import { DemoBadge } from "~/components/ui/demo-badge";
import { MoveHorizontal, Trophy } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { PublicLeaderboardRow } from "~/.server/rewards/leaderboard";
import { formatPoints } from "~/components/rewards/format";
import { LevelBadge } from "~/components/rewards/level-badge";
import { RankMark, podiumTint } from "~/components/rewards/rank-mark";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** How a row's name reads: the user's name, or 'Anonymous' (docs/product/rewards.md). */
export const displayName = (row: Pick<PublicLeaderboardRow, "name">) => row.name ?? "Anonymous";

/** The own row's tint: the accent over an opaque surface (sticky cells stay opaque). */
const OWN_TINT = "bg-surface bg-linear-to-r from-accent/20 to-accent/20";
/** Sticky cells scroll under nothing: they need a background even on plain rows. */
const PLAIN = "bg-surface";

/** Current points first: on a phone they fit beside the player, the rest scroll sideways. */
const NUMBER_COLUMNS = [
  { key: "points", label: "Points" },
  { key: "totalEarned", label: "Total earned" },
  { key: "totalListings", label: "Listings" },
  { key: "achievementsUnlocked", label: "Achievements" },
] as const;

/** One player's row: rank, initial, name (with 'Demo' and 'You'), level and the figures, tinted for the top 3 and the viewer. */
function RankingsRow({ row }: { row: PublicLeaderboardRow }) {
  const own = row.own;
  const tint = own ? OWN_TINT : (podiumTint(row.rank) ?? PLAIN);
  const name = displayName(row);
  return (
    <tr
      aria-current={own ? "true" : undefined}
      data-rank={row.rank}
      className="[&:not(:last-child)>*]:border-b"
    >
      <td className={cn(tint, "sticky left-0 z-10 w-16 min-w-16 px-3 py-3")}>
        <RankMark rank={row.rank} />
      </td>
      <th
        scope="row"
        className={cn(
          tint,
          "sticky left-16 z-10 px-3 py-3 text-left font-normal shadow-[1px_0_0_var(--border)]",
        )}
      >
        <span className="flex max-w-[9.5rem] items-center gap-2 sm:max-w-none sm:gap-2.5">
          <span
            aria-hidden="true"
            className={cn(
              "grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold",
              row.name ? "bg-accent text-accent-foreground" : "bg-surface-2 text-muted-foreground",
            )}
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <span className="flex min-w-0 flex-col sm:flex-row sm:items-center sm:gap-2">
            <span className={cn("truncate font-medium", !row.name && "italic")}>{name}</span>
            {row.isDemo ? <DemoBadge /> : null}
            {own ? (
              <span className="bg-accent text-accent-foreground w-fit shrink-0 rounded-full px-2 py-0.5 text-xs leading-tight font-semibold">
                You
              </span>
            ) : null}
            <span className="mt-1 sm:hidden">
              <LevelBadge level={row.level} />
            </span>
          </span>
        </span>
      </th>
      <td className={cn(tint, "hidden px-3 py-3 sm:table-cell")}>
        <LevelBadge level={row.level} />
      </td>
      {NUMBER_COLUMNS.map((column) => (
        <td
          key={column.key}
          className={cn(
            tint,
            "px-4 py-3 text-right tabular-nums",
            column.key === "points" && "font-semibold",
          )}
        >
          {formatPoints(row[column.key])}
        </td>
      ))}
    </tr>
  );
}

/**
 * One table of leaderboard rows (docs/product/rewards.md, Rankings): rank with the top-3 icons, initial
 * avatar, name or 'Anonymous', level badge, total earned, total listings, achievements unlocked
 * and current points. The top 3 are tinted, the signed-in user's own row (`own`) is
 * highlighted and marked 'You'. On a phone the level moves under the name so that rank,
 * player and current points fit the screen; the other figures scroll sideways under the
 * sticky rank and player columns, in a named, focusable region with a visible hint.
 */
export function RankingsTable({
  rows,
  caption,
}: {
  rows: PublicLeaderboardRow[];
  caption: string;
}) {
  const hintId = useId();
  return (
    <div className="space-y-2">
      <p id={hintId} className="text-muted-foreground flex items-center gap-1.5 text-xs sm:hidden">
        <MoveHorizontal className="size-4" aria-hidden="true" />
        Swipe the table for total earned, listings and achievements.
      </p>
      <div
        role="region"
        aria-label={caption}
        aria-describedby={hintId}
        // A region that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="bg-surface overflow-x-auto rounded-xl border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ring)]"
      >
        <table className="w-full min-w-[40rem] border-separate border-spacing-0 text-sm sm:min-w-[46rem]">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-muted-foreground text-left text-xs tracking-wide uppercase">
              <th
                scope="col"
                className={cn(PLAIN, "sticky left-0 z-10 w-16 min-w-16 border-b px-3 py-3")}
              >
                Rank
              </th>
              <th
                scope="col"
                className={cn(
                  PLAIN,
                  "sticky left-16 z-10 border-b px-3 py-3 shadow-[1px_0_0_var(--border)]",
                )}
              >
                Player
              </th>
              <th scope="col" className="hidden border-b px-3 py-3 sm:table-cell">
                Level
              </th>
              {NUMBER_COLUMNS.map((column) => (
                <th key={column.key} scope="col" className="border-b px-4 py-3 text-right">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <RankingsRow key={row.rank} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** docs/product/rewards.md: the empty leaderboard, 'No rankings yet' and 'Be the first to earn points!'. */
export function NoRankings() {
  return (
    <div className="bg-surface flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
      <Trophy className="text-muted-foreground size-10" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No rankings yet</h2>
      <p className="text-muted-foreground">Be the first to earn points!</p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/packs">Browse Packs</Link>
      </Button>
    </div>
  );
}
