import type { AdminProduct } from "~/.server/admin/products";
import { formatCents } from "~/lib/money";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, type AdminColumn } from "./admin-table";
import { PhotosDialog } from "./photos-dialog";
import type { ProductsTabData } from "./products.server";
import { AdminPagination } from "./pagination";

/**
 * Products (docs/product/administration.md "Products"): the catalogue with price, stock and
 * photo count, searchable and paginated. Admins manage each product's photos in a dialog;
 * moderators only read.
 */
export function ProductsTab({ data }: { data: ProductsTabData; role: "admin" | "moderator" }) {
  const columns: AdminColumn<AdminProduct>[] = [
    {
      header: "Product",
      cell: (product) => (
        <span className="block max-w-64">
          <span className="block font-medium break-words">{product.name}</span>
          <span className="text-muted-foreground block text-xs">
            {product.category} · #{product.id}
          </span>
        </span>
      ),
    },
    { header: "Price", cell: (product) => formatCents(product.priceCents), numeric: true },
    { header: "Stock", cell: (product) => product.stock.toLocaleString("en-US"), numeric: true },
    { header: "Photos", cell: (product) => product.photos.length, numeric: true },
  ];
  if (data.canManage) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (product) => (
        <PhotosDialog kind="product" id={product.id} name={product.name} photos={product.photos} />
      ),
    });
  }
  return (
    <AdminSection
      title="Products"
      total={data.total}
      description={
        data.canManage
          ? "The shop's catalogue. A product's photos show on its page in their order; without photos it shows the generated art."
          : "The shop's catalogue. Read-only: only admins change product photos."
      }
      actions={<AdminSearch label="Search products" placeholder="Name or category" />}
    >
      <AdminTable
        caption="Products"
        rows={data.rows}
        rowKey={(product) => product.id}
        empty={data.q ? `No products match "${data.q}".` : "No products yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Products pages" />
    </AdminSection>
  );
}
