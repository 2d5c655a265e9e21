import { Package, ShoppingBag, Sparkles, Store } from "lucide-react";
import type { Route } from "./+types/rewards";
import { YourPoints } from "./+rewards/your-points";
import { requestCtx } from "~/.server/request-context";
import { getRewardsSummary } from "~/.server/rewards/summary";
import { LevelThresholds } from "~/components/rewards/levels";
import { Badge } from "~/components/ui/badge";
import { levelFor } from "~/lib/levels";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Rewards Program",
    "The PackVault Rewards Program is coming soon: the points you earn from packs, sales and orders will count.",
  );

/**
 * /rewards (docs/product/rewards.md, 'Rewards'): a static 'Rewards Program' page
 * marked 'Coming Soon', with the signed-in user's points and total earned (null for a visitor).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return { points: null };
  const { points, totalEarned } = await getRewardsSummary(requestCtx(context));
  return { points: { points, totalEarned } };
}

/** How points are earned today (docs/product/rewards.md), shown while the program is coming. */
const EARNING = [
  {
    icon: Package,
    title: "Open packs",
    text: "1 point for every whole dollar of a pack's price.",
  },
  {
    icon: Store,
    title: "Sell on the marketplace",
    text: "1 point for every whole dollar of each completed sale.",
  },
  {
    icon: ShoppingBag,
    title: "Shop the store",
    text: "1 point for every whole dollar of each order.",
  },
  {
    icon: Sparkles,
    title: "Unlock achievements",
    text: "Each achievement adds its own points.",
  },
];

export default function Rewards({ loaderData }: Route.ComponentProps) {
  const { points } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-10 sm:py-12">
      <header className="space-y-3">
        <Badge className="border-accent/50 bg-accent/15 text-foreground">Coming Soon</Badge>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Rewards Program</h1>
        <p className="text-muted-foreground max-w-2xl">
          We are building a rewards program for PackVault collectors. Until it opens, keep earning
          points: everything you collect now will count.
        </p>
      </header>
      <YourPoints points={points} />
      <section aria-labelledby="earning-title" className="space-y-3">
        <h2 id="earning-title" className="text-lg font-semibold">
          How you earn points
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {EARNING.map(({ icon: Icon, title, text }) => (
            <li key={title} className="bg-surface flex gap-3 rounded-xl border p-4">
              <span className="bg-surface-2 text-accent grid size-10 shrink-0 place-items-center rounded-lg">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="space-y-1">
                <span className="block font-medium">{title}</span>
                <span className="text-muted-foreground block text-sm">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <LevelThresholds current={points ? levelFor(points.totalEarned) : null} />
    </div>
  );
}
