import { AchievementCard, type AchievementView } from "~/components/rewards/achievement-card";

/**
 * The Achievements tab (docs/product/rewards.md): every achievement of the catalogue as a card. A
 * signed-in user (`tracked`) also sees how many they unlocked and each card's state.
 */
export function AchievementsPanel({
  achievements,
  tracked,
}: {
  achievements: AchievementView[];
  tracked: boolean;
}) {
  const unlocked = achievements.filter((a) => a.unlockedAt !== null).length;
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground text-sm">
        {tracked
          ? `You have unlocked ${unlocked} of ${achievements.length} achievements.`
          : `${achievements.length} achievements to unlock. Each one adds its points to your total.`}
      </p>
      <ul aria-label="Achievements" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {achievements.map((achievement) => (
          <li key={achievement.id}>
            <AchievementCard achievement={achievement} tracked={tracked} />
          </li>
        ))}
      </ul>
    </div>
  );
}
