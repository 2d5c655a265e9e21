import { listAllProducts, type AdminProduct } from "~/.server/admin/products";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { photoIntents } from "./photo-intents.server";
import type { AdminTabServer } from "./tab-contract";

/** What the Products tab shows: a page of products, the search, and whether photos can change. */
export type ProductsTabData = Paged<AdminProduct> & { q: string; canManage: boolean };

/** Products (docs/product/administration.md "Products": their photos; admins only change them). */
export const productsTab: AdminTabServer<ProductsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listAllProducts(ctx, query)),
      q: query.q,
      canManage: can(ctx.actor?.role, "manageCatalogPhotos"),
    };
  },
  intents: photoIntents("product"),
};
