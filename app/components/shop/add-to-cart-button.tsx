import { Icon } from "~/components/ui/icon";
import { Link, useFetcher, useLocation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { signInHref } from "~/lib/sign-in-href";

/**
 * Add to Cart (docs/product/cart-and-orders.md and product cards). Signed in: a POST
 * to /cart (`intent=add`, `productId`, `redirectTo` = this page) that works before JavaScript
 * loads and reads 'Adding...' while it is on its way; the cart's action answers with a redirect
 * back here and the 'Added to cart' toast. A visitor gets a link to /auth that comes back here.
 * At stock 0 it is a disabled 'Out of stock' button.
 */
export function AddToCartButton({
  productId,
  stock,
  signedIn,
  size = "md",
  className,
}: {
  productId: number;
  stock: number;
  signedIn: boolean;
  size?: ButtonProps["size"];
  className?: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const here = location.pathname + location.search;
  const icon = <Icon name="shopping-cart" className="size-4" />;

  if (stock <= 0) {
    return (
      <Button size={size} className={className} disabled>
        {icon} Out of stock
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <Button asChild size={size} className={className}>
        <Link to={signInHref(here)}>{icon} Add to Cart</Link>
      </Button>
    );
  }
  const adding = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart" preventScrollReset className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" size={size} className="w-full" disabled={adding}>
        {icon} {adding ? "Adding..." : "Add to Cart"}
      </Button>
    </fetcher.Form>
  );
}
