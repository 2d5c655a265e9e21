import type { AppLoadContext } from "react-router";
import type { Ctx } from "~/.server/context";
import { requestCtx } from "~/.server/request-context";
import { withWishlistState } from "~/.server/wishlist/wishlist";
import type { ProductSummary } from "~/lib/domain/catalog";

/**
 * The loader of a fixed collection page (/new-arrivals, /sale): the products `list` reads, with
 * the signed-in user's wishlisted ids among them (`wishlisted`, null for a visitor).
 */
export function collectionLoader(list: (ctx: Ctx) => Promise<ProductSummary[]>) {
  return async ({ context }: { context: AppLoadContext }) => {
    const ctx = requestCtx(context);
    return withWishlistState(ctx, await list(ctx));
  };
}
