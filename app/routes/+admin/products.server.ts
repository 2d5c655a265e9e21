import { listAllProducts, type AdminProduct } from "~/.server/admin/products";
import { photoIntents } from "./photo-intents.server";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import type { AdminTabServer } from "./tab-contract";

/** What the Products tab shows: a page of products, the search, and whether photos can change. */
export type ProductsTabData = PagedTabData<AdminProduct, "canManage">;

/** Products (docs/product/administration.md "Products": their photos; admins only change them). */
export const productsTab: AdminTabServer<ProductsTabData> = {
  load: loadPaged(listAllProducts, { canManage: "manageCatalogPhotos" }),
  intents: photoIntents("product"),
};
