import type { ProductSummary } from "~/lib/domain/catalog";
import { AddToCartButton } from "./add-to-cart-button";
import { WishlistToggle } from "./wishlist-toggle";

/**
 * A product card's buttons: Add to Cart and the Wishlist heart. Both work before JavaScript
 * (a form or a link to /auth), so the card loads their code after the page's
 * (docs/decisions/036-deferred-page-parts.md).
 */
export default function ProductCardActions({
  product,
  wishlisted,
}: {
  product: Pick<ProductSummary, "id" | "name" | "stock">;
  /** Whether the signed-in user wishlisted it; null for a visitor (buttons go to /auth). */
  wishlisted: boolean | null;
}) {
  return (
    <>
      <AddToCartButton
        productId={product.id}
        stock={product.stock}
        signedIn={wishlisted !== null}
        size="sm"
        className="min-w-0 flex-1"
      />
      <WishlistToggle productId={product.id} productName={product.name} wishlisted={wishlisted} />
    </>
  );
}
