/** docs/product/rewards.md: levels from total points earned (the spec gives no thresholds). */
export const LEVELS = [
  { name: "Platinum", from: 20_000 },
  { name: "Gold", from: 5_000 },
  { name: "Silver", from: 1_000 },
  { name: "Bronze", from: 0 },
] as const;
export type LevelName = (typeof LEVELS)[number]["name"];

/** The level of a total earned: 999 -> Bronze, 1,000 -> Silver, 5,000 -> Gold, 20,000 -> Platinum. */
export function levelFor(totalEarned: number): LevelName {
  return LEVELS.find((level) => totalEarned >= level.from)!.name;
}

/** The next level and the points it needs, or null at Platinum. */
export function nextLevel(totalEarned: number): { name: LevelName; pointsToGo: number } | null {
  const above = [...LEVELS].reverse().find((level) => level.from > totalEarned);
  return above ? { name: above.name, pointsToGo: above.from - totalEarned } : null;
}
