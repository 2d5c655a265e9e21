import type { Route } from "./+types/art.product";
import { parseProductId } from "./+shop/product-id";
import { productArtSvg } from "~/.server/art/product-art";
import { svgResponse } from "~/.server/art/svg";
import { findProduct } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";

/** GET /art/product/{id}.svg: the product's generated art; 404 for an unknown or non-numeric id. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const product = id === null ? null : await findProduct(requestCtx(context), id);
  if (!product) {
    return new Response("Product Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return svgResponse(productArtSvg(product));
}
