import { useState } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { CatalogToolbar } from "./+shop/catalog-toolbar";
import { ResultsSection } from "~/components/shop/results-toolbar";
import { FILTER_PANEL_ID } from "./+shop/catalog-form";
import { getShopPage } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { wishlistedIds } from "~/.server/wishlist/wishlist";
import { cn } from "~/lib/cn";
import { parseCatalogQuery } from "~/lib/catalog-query";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { deferred } from "~/lib/deferred";

// The banner carousel, the filter panel (a plain GET form before it hydrates), the product grid
// (links, and buttons that are forms), the page links and the no-results note load after the
// page's own code (docs/decisions/036-deferred-page-parts.md).
const FeaturedBanner = deferred(() =>
  import("~/components/shop/featured-banner").then((m) => m.FeaturedBanner),
);
const FilterPanel = deferred(() => import("./+shop/filter-panel").then((m) => m.FilterPanel));
const ProductGrid = deferred(() =>
  import("~/components/shop/product-grid").then((m) => m.ProductGrid),
);
const Pagination = deferred(() => import("./+shop/pagination").then((m) => m.Pagination));
const EmptyResults = deferred(() => import("./+shop/empty-results").then((m) => m.EmptyResults));

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

        <ResultsSection loading={loading}>
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
        </ResultsSection>
      </div>
    </div>
  );
}
