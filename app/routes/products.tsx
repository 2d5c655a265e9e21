import { useState } from "react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { catalogSearch, clearedSearch, isFiltered } from "./+shop/catalog-search";
import { CatalogToolbar } from "./+shop/catalog-toolbar";
import { FILTER_PANEL_ID, FilterPanel } from "./+shop/filter-panel";
import { Pagination } from "./+shop/pagination";
import { getShopPage } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { wishlistedIds } from "~/.server/wishlist/wishlist";
import { FeaturedBanner } from "~/components/shop/featured-banner";
import { ProductGrid } from "~/components/shop/product-grid";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { parseCatalogQuery, type CatalogQuery } from "~/lib/catalog-query";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const ctx = requestCtx(context);
  const page = await getShopPage(ctx, query);
  const wishlisted = await wishlistedIds(
    ctx,
    page.items.map((p) => p.id),
  );
  return { query, ...page, wishlisted };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Shop all collectibles",
    "Browse graded trading cards, figurines, comics, collectibles and memorabilia. Filter by price, condition and category.",
  );

const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** /products (docs/product/catalogue.md). */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, featured, items, total, pageCount } = loaderData;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <FeaturedBanner products={featured} />

      <div className="mt-10 mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-3xl font-bold tracking-tight">All Collectibles</h1>
        <p className="text-muted-foreground" aria-live="polite">
          {itemCount(total)}
        </p>
      </div>

      <CatalogToolbar
        query={query}
        filtersOpen={filtersOpen}
        onFiltersOpenChange={setFiltersOpen}
      />
      <div className="mt-6 grid items-start gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        {/* Below 768 px the panel shows once the toolbar's Filters button opens it. */}
        <div
          id={FILTER_PANEL_ID}
          className={cn(!filtersOpen && "hidden", "md:sticky md:top-20 md:block!")}
        >
          <FilterPanel query={query} />
        </div>

        <section
          aria-label="Results"
          aria-busy={loading}
          className={loading ? "opacity-60 transition-opacity" : undefined}
        >
          {items.length > 0 ? (
            <ProductGrid
              products={items}
              layout={query.view}
              label="Collectibles"
              wishlistedIds={loaderData.wishlisted}
            />
          ) : (
            <EmptyResults query={query} total={total} pageCount={pageCount} />
          )}
          <Pagination query={query} pageCount={pageCount} />
        </section>
      </div>
    </div>
  );
}

/** No items: past the last page (link to it), or nothing matches (link that clears filters). */
function EmptyResults({
  query,
  total,
  pageCount,
}: {
  query: CatalogQuery;
  total: number;
  pageCount: number;
}) {
  return (
    <div className="bg-surface flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
      {total > 0 ? (
        <>
          <p className="text-muted-foreground">This page is past the end of the results.</p>
          <Button asChild variant="outline">
            <Link to={`/products${catalogSearch(query, { page: pageCount })}`}>
              Go to the last page
            </Link>
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">
            No collectibles match {isFiltered(query) ? "your search and filters" : "yet"}.
          </p>
          <Button asChild variant="outline">
            <Link to={`/products${clearedSearch(query)}`}>Clear filters</Link>
          </Button>
        </>
      )}
    </div>
  );
}
