import { Truck } from "lucide-react";
import { useState } from "react";
import type { AdminOrder } from "~/.server/orders/fulfilment";
import { ORDER_STATUS_LABELS } from "~/components/orders/order-details";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { formatCents } from "~/lib/money";
import { ADMIN_ORDER_STATUSES, updateOrderSchema } from "~/lib/schemas/admin";
import {
  actionsWhileOpen,
  linesColumn,
  centsColumn,
  emailColumn,
  statusColumn,
  timeColumn,
} from "./admin-columns";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField, AdminOptions } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import type { OrdersTabData } from "./orders.server";
import { SHIPPING_TONES, TrackingField, trackingColumn } from "./shipping";
import type { AdminTabProps } from "./tab-contract";

/** Whether an order can still move (paid orders that are not delivered or cancelled). */
const isOpen = (order: AdminOrder) => ["pending", "processing", "shipped"].includes(order.status);

/**
 * The fields of an order's update form: its next status (with what that status does), carrier and
 * tracking number.
 */
function OrderFields({ order }: { order: AdminOrder }) {
  const [status, setStatus] = useState<string>(
    order.status === "pending" ? "processing" : "shipped",
  );
  return (
    <>
      <AdminField
        name="status"
        label="Status"
        hint={
          status === "cancelled"
            ? "Cancelling refunds the total to the buyer's wallet and puts the items back in stock."
            : status === "shipped"
              ? "Shipping needs the carrier and the tracking number."
              : "Orders move forward only: pending, processing, shipped, delivered."
        }
      >
        <Select value={status} onChange={(event) => setStatus(event.target.value)}>
          <AdminOptions values={ADMIN_ORDER_STATUSES} labels={ORDER_STATUS_LABELS} />
        </Select>
      </AdminField>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminField name="carrier" label="Carrier">
          <Input
            maxLength={40}
            defaultValue={order.carrier ?? ""}
            autoComplete="off"
            placeholder="UPS"
          />
        </AdminField>
        <TrackingField value={order.trackingNumber} />
      </div>
    </>
  );
}

/** 'Update' on an order's row: its next status, carrier and tracking number (admins only). */
function UpdateOrder({ order }: { order: AdminOrder }) {
  return (
    <AdminFormDialog
      title={`Update order #${order.id}`}
      description={`${formatCents(order.totalCents)} for ${order.shipTo ?? order.buyerEmail ?? "a deleted account"}. The buyer sees the status and tracking number.`}
      trigger={
        <AdminDialogButton icon={Truck} label="Update" aria-label={`Update order #${order.id}`} />
      }
      intent="update-order"
      fields={{ orderId: order.id }}
      schema={updateOrderSchema}
      formLabel={`Update order #${order.id}`}
    >
      <OrderFields order={order} />
    </AdminFormDialog>
  );
}

/**
 * Orders (docs/decisions/009-held-offers-and-payouts.md): every store order, newest first, with
 * its buyer, total, address, status and tracking. Admins move an order on (processing, shipped
 * with carrier and tracking number, delivered) or cancel it before it ships (refunded, stock
 * restored); every change is audited. Moderators only read.
 */
export function OrdersTab({ data }: AdminTabProps<OrdersTabData>) {
  const columns: AdminColumn<AdminOrder>[] = [
    linesColumn(
      "Order",
      (order) => ({
        main: `#${order.id}`,
        sub: `${order.items} ${order.items === 1 ? "item" : "items"}`,
      }),
      { mainClassName: "font-medium" },
    ),
    emailColumn("Buyer", (order) => order.buyerEmail),
    centsColumn("Total", (order) => order.totalCents),
    {
      header: "Ship to",
      cell: (order) => <span className="block max-w-56 text-xs">{order.shipTo ?? "—"}</span>,
    },
    statusColumn((order) => order.status, ORDER_STATUS_LABELS, SHIPPING_TONES),
    trackingColumn((order) => ({ carrier: order.carrier, number: order.trackingNumber })),
    timeColumn("Placed", (order) => order.createdAt),
  ];
  if (data.canManage) {
    columns.push(actionsWhileOpen(isOpen, (order) => <UpdateOrder order={order} />, "Closed"));
  }
  return (
    <AdminPagedSection
      title="Orders"
      description={
        data.canManage
          ? "Store orders, newest first. Move an order on as it ships; cancelling before it ships refunds the buyer and restores the stock."
          : "Store orders, newest first. Read-only."
      }
      search="Buyer email, name or tracking"
      data={data}
      columns={columns}
    />
  );
}
