import { Heart } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/wishlist";
import { requireUser } from "~/.server/auth/guards";
import { requestCtx } from "~/.server/request-context";
import { intent, runIntent } from "~/.server/http/run-intent";
import { listWishlist, toggleWishlist } from "~/.server/wishlist/wishlist";
import { ProductGrid } from "~/components/shop/product-grid";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { wishlistToggleSchema } from "~/lib/schemas/wishlist";

const TITLE = "Your Wishlist";

export const meta: Route.MetaFunction = () =>
  pageMeta(TITLE, "The collectibles you are keeping an eye on at PackVault.");

/** /wishlist (docs/product/catalogue.md): signed out, redirect to /auth. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { products: await listWishlist(requestCtx(context)) };
}

/**
 * The one place the Wishlist toggle posts to, from any page (intent `toggle-wishlist`): sets the
 * state asked for and goes back to `redirectTo` (default /wishlist) with 'Added to wishlist' or
 * 'Removed from wishlist', or the spec's 'Error' toast with the message. Bad input gets a 400.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "toggle-wishlist": intent({
        schema: wishlistToggleSchema,
        run: toggleWishlist,
        done: (state, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [
            {
              kind: "success",
              title: state.wishlisted ? "Added to wishlist" : "Removed from wishlist",
            },
          ],
        }),
        refused: (_error, _input, { returnTo }) => ({ redirect: returnTo }),
      }),
    },
    { home: "/wishlist" },
  );

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title={TITLE}
        lead={
          products.length > 0
            ? `${products.length} ${products.length === 1 ? "item" : "items"} you love`
            : undefined
        }
      />
      {products.length > 0 ? (
        <ProductGrid products={products} label={TITLE} wishlistedIds={products.map((p) => p.id)} />
      ) : (
        <div className="bg-surface flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
          <Heart className="text-muted-foreground size-8" aria-hidden="true" />
          <p className="text-muted-foreground">
            Your wishlist is empty. Start adding items you love!
          </p>
          <Button asChild>
            <Link to="/products">Browse the shop</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
