/** An achievement just unlocked, for the toast ('Achievement unlocked: First Pull (+50 points)'). */
export type UnlockedAchievement = { id: string; name: string; points: number };
