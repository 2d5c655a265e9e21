import { Icon } from "~/components/ui/icon";
import { Suspense, lazy } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/packs";
import { PackRow } from "./+packs/pack-row";
import { listActivePacks } from "~/.server/packs/catalog";
import type { PackSummary } from "~/lib/domain/packs";
import { requestCtx } from "~/.server/request-context";
import { PackTile } from "~/components/packs/pack-tile";
import { PageHeader } from "~/components/ui/page-header";
import { usePause } from "~/components/play/use-pause";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { PACK_CATEGORIES } from "~/lib/packs";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { BUYBACK_PERCENT } from "~/lib/rates";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.packs]);

/** docs/product/packs-and-fairness.md: the "Featured" row shows the first 10 packs on sale. */
const FEATURED_COUNT = 10;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Mystery Packs",
    "Open a mystery pack and pull a graded, vaulted and insured card: Pokemon, MTG, sports, Star Wars, comics and basketball.",
  );

/** "Star Wars" -> "star-wars", for the category filter's links. */
const slug = (category: string) =>
  category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The categories that have packs, in the order of the spec's pack-art categories, then A-Z. */
function categoriesOf(packs: PackSummary[]): string[] {
  const rank = (category: string) => {
    const index = (PACK_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? PACK_CATEGORIES.length : index;
  };
  return [...new Set(packs.map((pack) => pack.category))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
}

/** On sale before sold out, each part cheapest first as listed (a stable partition). */
const onSaleFirst = (packs: PackSummary[]) => [
  ...packs.filter((pack) => pack.availableCount > 0),
  ...packs.filter((pack) => pack.availableCount <= 0),
];

/**
 * /packs (docs/product/packs-and-fairness.md "Browsing packs", decision 034): active packs,
 * cheapest first, each shown once. Unfiltered: a "Featured" row of the first 10 packs on sale,
 * then "More packs" with the rest (sold-out packs last). A category filter
 * (`?category=star-wars`, plain links, so it works before JavaScript loads and every view is
 * linkable) shows that category's packs in one grid, sold-out ones last; an unknown category
 * shows the unfiltered page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const packs = await listActivePacks(requestCtx(context));
  const categories = categoriesOf(packs).map((name) => ({ name, slug: slug(name) }));
  const wanted = new URL(request.url).searchParams.get("category");
  const selected = categories.find((category) => category.slug === wanted) ?? null;
  const ordered = onSaleFirst(
    selected ? packs.filter((pack) => pack.category === selected.name) : packs,
  );
  const featuredCount = selected
    ? 0
    : Math.min(FEATURED_COUNT, ordered.filter((pack) => pack.availableCount > 0).length);
  return {
    categories,
    selected: selected?.slug ?? null,
    featured: ordered.slice(0, featuredCount),
    rest: ordered.slice(featuredCount),
  };
}

/** The category filter: 'All' and one link per category, the current one marked. */
function CategoryFilter({
  categories,
  selected,
}: {
  categories: { name: string; slug: string }[];
  selected: string | null;
}) {
  const options = [{ name: "All", slug: null }, ...categories];
  return (
    <nav aria-label="Pack categories" className="-mx-4 overflow-x-auto px-4 pb-1 md:mx-0 md:px-0">
      <ul className="flex gap-2 md:flex-wrap">
        {options.map((option) => {
          const current = option.slug === selected;
          return (
            <li key={option.name} className="shrink-0">
              <Link
                to={option.slug ? `/packs?category=${option.slug}` : "/packs"}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
                  current
                    ? "bg-accent text-accent-foreground border-accent"
                    : "bg-surface hover:border-accent/60",
                )}
              >
                {option.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Only a collector on a break or self-excluded needs it: off the page's first load (decision 023). */
const PauseNote = lazy(() =>
  import("~/components/play/pause-note").then((module) => ({ default: module.PauseNote })),
);

export default function Packs({ loaderData }: Route.ComponentProps) {
  const { featured, categories, selected, rest } = loaderData;
  const pause = usePause();
  const selectedName = categories.find((category) => category.slug === selected)?.name;
  const restTitle = selectedName
    ? `${selectedName} packs`
    : featured.length
      ? "More packs"
      : "All packs";
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Mystery Packs"
        lead={`Every pack holds one graded card, vaulted and insured the moment you pull it. Keep it, sell it back at ${BUYBACK_PERCENT}, list it, or have it shipped.`}
      />
      {pause ? (
        <div className="mb-6">
          <Suspense fallback={null}>
            <PauseNote pause={pause} />
          </Suspense>
        </div>
      ) : null}
      {featured.length + rest.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
          <Icon name="package-open" className="text-muted-foreground size-10" />
          <p className="text-lg font-semibold">No packs available</p>
          <p className="text-muted-foreground">Check back soon for new drops!</p>
        </div>
      ) : (
        <div className="space-y-8">
          <CategoryFilter categories={categories} selected={selected} />
          {/* One eager image: docs/decisions/064-one-eager-image-above-the-fold.md. */}
          {featured.length ? (
            <PackRow id="featured" title="Featured" packs={featured} eager={1} />
          ) : null}
          {rest.length ? (
            <section id="more-packs" aria-labelledby="more-packs-title" className="scroll-mt-20">
              <h2
                id="more-packs-title"
                className="mb-3 text-xl font-bold tracking-tight sm:text-2xl"
              >
                {restTitle}{" "}
                <span className="text-muted-foreground text-base font-normal">({rest.length})</span>
              </h2>
              <ul
                aria-label={restTitle}
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
              >
                {rest.map((pack, index) => (
                  <li key={pack.id}>
                    <PackTile pack={pack} eager={featured.length === 0 && index === 0} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Failed to load packs</h1>
      <p className="text-muted-foreground mt-4">Please try again in a moment.</p>
    </div>
  );
}
