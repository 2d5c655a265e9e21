import { Icon } from "~/components/ui/icon";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { signInHref } from "~/lib/sign-in-href";

/**
 * The Wishlist toggle (docs/product/catalogue.md) on product detail (`labelled`: the word
 * 'Wishlist' beside the heart) and product cards (the heart alone, named after the product).
 * Signed in (`wishlisted` is a boolean): a POST to /wishlist asking for the opposite state, which
 * works before JavaScript loads; with JavaScript the heart fills or empties at once and the
 * action's redirect brings 'Added to wishlist' / 'Removed from wishlist'. A visitor
 * (`wishlisted` null) gets a link to /auth that comes back to this page.
 */
export function WishlistToggle({
  productId,
  productName,
  wishlisted,
  labelled = false,
  className,
}: {
  productId: number;
  productName: string;
  /** From the loader (wishlistedIds); null for a visitor. */
  wishlisted: boolean | null;
  labelled?: boolean;
  className?: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const here = location.pathname + location.search;
  const pending = fetcher.formData?.get("wishlisted");
  const pressed = pending === undefined || pending === null ? !!wishlisted : pending === "true";
  const heart = (
    <Icon name="heart" className={cn("size-5", pressed && "fill-current text-rose-500")} />
  );
  const common = {
    variant: "outline" as const,
    size: labelled ? ("lg" as const) : ("icon" as const),
    className: cn("relative z-10", className),
    "aria-label": labelled ? undefined : `Wishlist: ${productName}`,
  };

  if (wishlisted === null) {
    return (
      <Button asChild {...common}>
        <Link to={signInHref(here)}>
          {heart}
          {labelled ? "Wishlist" : null}
        </Link>
      </Button>
    );
  }
  return (
    <fetcher.Form method="post" action="/wishlist" preventScrollReset className="contents">
      <input type="hidden" name="intent" value="toggle-wishlist" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="wishlisted" value={String(!pressed)} />
      <input type="hidden" name="redirectTo" value={here} />
      <Button
        type="submit"
        {...common}
        aria-pressed={pressed}
        title={pressed ? "Remove from wishlist" : "Add to wishlist"}
      >
        {heart}
        {labelled ? "Wishlist" : null}
      </Button>
    </fetcher.Form>
  );
}
