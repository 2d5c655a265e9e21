import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { listStoreOrders, updateStoreOrder, type AdminOrder } from "~/.server/orders/fulfilment";
import { updateOrderSchema } from "~/lib/schemas/admin";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Orders tab shows: a page of store orders, the search, and whether they can be updated. */
export type OrdersTabData = Paged<AdminOrder> & { q: string; canManage: boolean };

/** Orders (docs/decisions/009-held-offers-and-payouts.md): status, carrier and tracking; admins only. */
export const ordersTab: AdminTabServer<OrdersTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listStoreOrders(ctx, query)),
      q: query.q,
      canManage: can(ctx.actor?.role, "manageOrders"),
    };
  },
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
