import type { ProductSummary } from "~/lib/domain/catalog";
import { centsToDollars } from "~/lib/money";

/**
 * schema.org Product data for /product/{id}: name, description, absolute image URL, sku (the
 * id), an Offer in US dollars with InStock/OutOfStock, and an AggregateRating when the product
 * has reviews (schema.org requires a positive count). React Router's Meta escapes "<" in it.
 */
export function productJsonLd(
  product: ProductSummary,
  { url, imageUrl }: { url: string; imageUrl: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: imageUrl,
    sku: String(product.id),
    category: product.category,
    offers: {
      "@type": "Offer",
      url,
      price: centsToDollars(product.priceCents),
      priceCurrency: "USD",
      availability:
        product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.reviewCount,
          },
        }
      : {}),
  };
}
