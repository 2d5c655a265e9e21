/**
 * How a collector appears on the leaderboard (docs/product/rewards.md): by their initials (the
 * default: a ranking of spending is no place for a full name nobody chose to show), by their
 * full name, or as 'Anonymous'.
 */
export const LEADERBOARD_NAMES = ["initials", "full", "anonymous"] as const;
export type LeaderboardName = (typeof LEADERBOARD_NAMES)[number];

/**
 * The initials of `fullName`, each followed by a dot: "Maya Collector" -> "M. C.", "Maya" ->
 * "M.", "Jean-Luc van Dyke" -> "J. D." (the first and the last word). Null for a blank name.
 */
export function initialsOf(fullName: string): string | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const picked = words.length === 1 ? words : [words[0]!, words.at(-1)!];
  return picked.map((word) => `${Array.from(word)[0]!.toLocaleUpperCase("en-US")}.`).join(" ");
}
