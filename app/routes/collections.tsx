import { ArrowRight, Gem, Layers, Star, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/collections";
import { listProducts } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { ContentPage } from "~/components/content/content-page";
import { catalogQuerySchema } from "~/lib/catalog-query";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

/**
 * docs/product/catalogue.md: four tiles. Each opens a real view of the shop (the
 * spec's links to / led nowhere) and counts what that view lists, so the tile and the page it
 * opens agree.
 */
const COLLECTIONS = [
  {
    name: "Rare Finds",
    search: "?min=1000&sort=price-desc",
    icon: Gem,
    blurb: "Pieces from $1,000 up, the rarest first.",
  },
  {
    name: "Popular Picks",
    search: "?condition=Mint",
    icon: Star,
    blurb: "Mint-condition pieces collectors buy most.",
  },
  {
    name: "Trending",
    search: "?category=Trading+Cards&sort=trending",
    icon: TrendingUp,
    blurb: "The trading cards moving in the hobby this week.",
  },
  {
    name: "Complete Sets",
    search: "?q=set",
    icon: Layers,
    blurb: "Sets, booster boxes and pin sets, ready for the display case.",
  },
] as const;

/** Each collection's item count: the total of its shop view. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const counts = await Promise.all(
    COLLECTIONS.map(async ({ search }) => {
      // No key repeats in these searches: one value per parameter.
      const query = catalogQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      return (await listProducts(ctx, query)).total;
    }),
  );
  return { counts };
}

const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Collections",
    "Browse curated PackVault collections: Rare Finds, Popular Picks, Trending and Complete Sets.",
  );

export default function Collections({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      title="Collections"
      lead="Curated groups of graded cards, comics and memorabilia, hand-picked by our team."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {COLLECTIONS.map(({ name, search, icon: Icon, blurb }, i) => (
          <li key={name}>
            <Link
              to={`/products${search}`}
              className="group bg-surface hover:border-accent flex h-full items-start gap-4 rounded-xl border p-6 transition-colors"
            >
              <span className="bg-accent/15 text-accent grid size-12 shrink-0 place-items-center rounded-lg">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-semibold">{name}</span>
                <span className="text-muted-foreground block text-sm">
                  {itemCount(loaderData.counts[i] ?? 0)}
                </span>
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
