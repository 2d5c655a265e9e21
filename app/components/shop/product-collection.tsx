import type { ReactNode } from "react";
import type { ProductSummary } from "~/lib/domain/catalog";
import { PageHeader } from "~/components/ui/page-header";
import { ProductGrid } from "./product-grid";

/**
 * A titled page of products (New Arrivals, Sale Items, a category): the header, then the grid,
 * or `emptyText` when there are none.
 */
export function ProductCollection({
  title,
  lead,
  products,
  emptyText,
  wishlistedIds,
}: {
  title: string;
  lead?: ReactNode;
  products: ProductSummary[];
  emptyText: string;
  /** The signed-in user's wishlisted ids among `products`; null for a visitor. */
  wishlistedIds: readonly number[] | null;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title={title} lead={lead} />
      {products.length > 0 ? (
        <ProductGrid products={products} label={title} wishlistedIds={wishlistedIds} />
      ) : (
        <p className="bg-surface text-muted-foreground rounded-xl border border-dashed p-10 text-center">
          {emptyText}
        </p>
      )}
    </div>
  );
}
