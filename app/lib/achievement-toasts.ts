import { toast, type Toast } from "./toast";

/** An achievement a domain call just unlocked (`UnlockedAchievement` of the rewards context). */
export type JustUnlocked = { id: string; name: string; points: number };

/** A toast before it gets its id: what `redirectWithToasts` and `toToasts` take. */
export type AchievementToast = Omit<Toast, "id">;

const pointsFormat = new Intl.NumberFormat("en-US");

/**
 * The toasts for achievements just unlocked (docs/product/rewards.md: each unlock shows a toast), in
 * the order given: 'Achievement unlocked: First Pull' with the description '+50 points'. An
 * empty list gives none. Safe on both sides: a server action passes them to
 * `redirectWithToasts` / `toToasts` after its own toast, a browser shows them with
 * {@link showAchievementToasts}.
 */
export function achievementToasts(
  achievements: readonly JustUnlocked[] | null | undefined,
): AchievementToast[] {
  return (achievements ?? []).map((achievement) => ({
    kind: "success",
    title: `Achievement unlocked: ${achievement.name}`,
    description: `+${pointsFormat.format(achievement.points)} points`,
  }));
}

/**
 * Shows the achievement toasts in the browser now (for answers that do not go through a
 * redirect, like the pack opening's JSON). Each toast's id is the achievement's, so showing the
 * same unlock twice (a retried request, a second render) shows it once.
 */
export function showAchievementToasts(
  achievements: readonly JustUnlocked[] | null | undefined,
): void {
  const list = achievements ?? [];
  achievementToasts(list).forEach(({ kind, title, description }, i) => {
    toast[kind](title, { id: `achievement:${list[i]!.id}`, description });
  });
}
