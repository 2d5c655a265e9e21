import { listStoreOrders, updateStoreOrder, type AdminOrder } from "~/.server/orders/fulfilment";
import { updateOrderSchema } from "~/lib/schemas/admin";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Orders tab shows: a page of store orders, the search, and whether they can be updated. */
export type OrdersTabData = PagedTabData<AdminOrder, "canManage">;

/** Orders (docs/decisions/009-held-offers-and-payouts.md): status, carrier and tracking; admins only. */
export const ordersTab: AdminTabServer<OrdersTabData> = {
  load: loadPaged(listStoreOrders, { canManage: "manageOrders" }),
  intents: {
    "update-order": adminIntent({
      capability: "manageOrders",
      schema: updateOrderSchema,
      successTitle: "Order updated successfully",
      errorTitle: "Error updating order",
      run: (ctx, input) => updateStoreOrder(ctx, input),
    }),
  },
};
