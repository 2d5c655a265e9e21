import { ArrowRight, Gem, Layers, Star, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/collections";
import { ContentPage } from "~/components/content/content-page";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

/** Spec storefront section 2, Collections: four tiles with fixed counts, all linking to /. */
const COLLECTIONS = [
  {
    name: "Rare Finds",
    count: 24,
    icon: Gem,
    blurb: "Low-population grades and hard-to-find pieces.",
  },
  {
    name: "Popular Picks",
    count: 156,
    icon: Star,
    blurb: "The cards and comics collectors buy most.",
  },
  {
    name: "Trending",
    count: 89,
    icon: TrendingUp,
    blurb: "What is moving in the hobby this week.",
  },
  {
    name: "Complete Sets",
    count: 43,
    icon: Layers,
    blurb: "Full runs and sets, ready for the display case.",
  },
] as const;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Collections",
    "Browse curated PackVault collections: Rare Finds, Popular Picks, Trending and Complete Sets.",
  );

export default function Collections() {
  return (
    <ContentPage
      title="Collections"
      lead="Curated groups of graded cards, comics and memorabilia, hand-picked by our team."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {COLLECTIONS.map(({ name, count, icon: Icon, blurb }) => (
          <li key={name}>
            <Link
              to="/"
              className="group bg-surface hover:border-accent flex h-full items-start gap-4 rounded-xl border p-6 transition-colors"
            >
              <span className="bg-accent/15 text-accent grid size-12 shrink-0 place-items-center rounded-lg">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-semibold">{name}</span>
                <span className="text-muted-foreground block text-sm">{count} items</span>
                <span className="text-muted-foreground mt-2 block text-sm">{blurb}</span>
              </span>
              <ArrowRight
                className="text-muted-foreground group-hover:text-accent mt-1 size-5 shrink-0 transition-colors"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
