import type { AdminProduct } from "~/.server/admin/products";
import { actionsColumn, linesColumn, centsColumn, countColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { PhotosDialog } from "./photos-dialog";
import type { ProductsTabData } from "./products.server";
import type { AdminTabProps } from "./tab-contract";

/**
 * Products (docs/product/administration.md "Products"): the catalogue with price, stock and
 * photo count, searchable and paginated. Admins manage each product's photos in a dialog;
 * moderators only read.
 */
export function ProductsTab({ data }: AdminTabProps<ProductsTabData>) {
  const columns: AdminColumn<AdminProduct>[] = [
    linesColumn(
      "Product",
      (product) => ({ main: product.name, sub: `${product.category} · #${product.id}` }),
      { className: "max-w-64" },
    ),
    centsColumn("Price", (product) => product.priceCents),
    countColumn("Stock", (product) => product.stock),
    { header: "Photos", cell: (product) => product.photos.length, numeric: true },
  ];
  if (data.canManage) {
    columns.push(
      actionsColumn((product) => (
        <PhotosDialog kind="product" id={product.id} name={product.name} photos={product.photos} />
      )),
    );
  }
  return (
    <AdminPagedSection
      title="Products"
      description={
        data.canManage
          ? "The shop's catalogue. A product's photos show on its page in their order; without photos it shows the generated art."
          : "The shop's catalogue. Read-only: only admins change product photos."
      }
      search="Name or category"
      data={data}
      columns={columns}
    />
  );
}
