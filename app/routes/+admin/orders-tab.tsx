import { Truck } from "lucide-react";
import { useId, useState } from "react";
import type { AdminOrder } from "~/.server/orders/fulfilment";
import { ORDER_STATUS_LABELS } from "~/components/orders/order-details";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatCents } from "~/lib/money";
import { ADMIN_ORDER_STATUSES } from "~/lib/schemas/admin";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { AdminForm, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime, type AdminColumn } from "./admin-table";
import type { OrdersTabData } from "./orders.server";
import { AdminPagination } from "./pagination";

const STATUS_STYLES: Partial<Record<AdminOrder["status"], string>> = {
  pending: "border-amber-500/50 bg-amber-400/15 text-foreground",
  processing: "border-sky-500/50 bg-sky-500/15 text-foreground",
  shipped: "border-blue-500/50 bg-blue-500/15 text-foreground",
  delivered: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
};

/** Whether an order can still move (paid orders that are not delivered or cancelled). */
const isOpen = (order: AdminOrder) => ["pending", "processing", "shipped"].includes(order.status);

/** 'Update' on an order's row: its next status, carrier and tracking number (admins only). */
function UpdateOrder({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string>(
    order.status === "pending" ? "processing" : "shipped",
  );
  const ids = { status: useId(), carrier: useId(), tracking: useId(), hint: useId() };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title={`Update order #${order.id}`}
      description={`${formatCents(order.totalCents)} for ${order.shipTo ?? order.buyerEmail ?? "a deleted account"}. The buyer sees the status and tracking number.`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Update order #${order.id}`}>
          <Truck className="size-4" aria-hidden="true" />
          Update
        </Button>
      }
    >
      <AdminForm
        intent="update-order"
        fields={{ orderId: order.id }}
        onSuccess={() => setOpen(false)}
        onError={setError}
        className="mt-4 space-y-4"
        aria-label={`Update order #${order.id}`}
      >
        <div className="space-y-1.5">
          <label htmlFor={ids.status} className="block text-sm font-medium">
            Status
          </label>
          <select
            id={ids.status}
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            aria-describedby={ids.hint}
            className="bg-background h-10 w-full rounded-md border px-3 text-sm"
          >
            {ADMIN_ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          <p id={ids.hint} className="text-muted-foreground text-xs">
            {status === "cancelled"
              ? "Cancelling refunds the total to the buyer's wallet and puts the items back in stock."
              : status === "shipped"
                ? "Shipping needs the carrier and the tracking number."
                : "Orders move forward only: pending, processing, shipped, delivered."}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={ids.carrier} className="block text-sm font-medium">
              Carrier
            </label>
            <Input
              id={ids.carrier}
              name="carrier"
              maxLength={40}
              defaultValue={order.carrier ?? ""}
              autoComplete="off"
              placeholder="UPS"
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.tracking} className="block text-sm font-medium">
              Tracking number
            </label>
            <Input
              id={ids.tracking}
              name="trackingNumber"
              maxLength={64}
              defaultValue={order.trackingNumber ?? ""}
              autoComplete="off"
              placeholder="1Z999AA10123456784"
            />
          </div>
        </div>
        {error ? (
          <p role="alert" className="text-danger text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogCancel />
          <AdminSubmit pendingLabel="Saving...">Save changes</AdminSubmit>
        </div>
      </AdminForm>
    </Dialog>
  );
}

/**
 * Orders (docs/decisions/009-held-offers-and-payouts.md): every store order, newest first, with
 * its buyer, total, address, status and tracking. Admins move an order on (processing, shipped
 * with carrier and tracking number, delivered) or cancel it before it ships (refunded, stock
 * restored); every change is audited. Moderators only read.
 */
export function OrdersTab({ data }: { data: OrdersTabData; role: "admin" | "moderator" }) {
  const columns: AdminColumn<AdminOrder>[] = [
    {
      header: "Order",
      cell: (order) => (
        <span className="block">
          <span className="block font-medium">#{order.id}</span>
          <span className="text-muted-foreground block text-xs">
            {order.items} {order.items === 1 ? "item" : "items"}
          </span>
        </span>
      ),
    },
    {
      header: "Buyer",
      cell: (order) => <span className="break-all">{order.buyerEmail ?? "(deleted)"}</span>,
    },
    { header: "Total", cell: (order) => formatCents(order.totalCents), numeric: true },
    {
      header: "Ship to",
      cell: (order) => <span className="block max-w-56 text-xs">{order.shipTo ?? "—"}</span>,
    },
    {
      header: "Status",
      cell: (order) => (
        <Badge className={STATUS_STYLES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
      ),
    },
    {
      header: "Tracking",
      cell: (order) =>
        order.trackingNumber ? (
          <span className="text-xs">
            {order.carrier} <span className="font-mono break-all">{order.trackingNumber}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { header: "Placed", cell: (order) => <AdminTime value={order.createdAt} /> },
  ];
  if (data.canManage) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (order) =>
        isOpen(order) ? (
          <UpdateOrder order={order} />
        ) : (
          <span className="text-muted-foreground text-xs">Closed</span>
        ),
    });
  }
  return (
    <AdminSection
      title="Orders"
      total={data.total}
      description={
        data.canManage
          ? "Store orders, newest first. Move an order on as it ships; cancelling before it ships refunds the buyer and restores the stock."
          : "Store orders, newest first. Read-only."
      }
      actions={<AdminSearch label="Search orders" placeholder="Buyer email, name or tracking" />}
    >
      <AdminTable
        caption="Orders"
        rows={data.rows}
        rowKey={(order) => order.id}
        empty={data.q ? `No orders match "${data.q}".` : "No orders yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Orders pages" />
    </AdminSection>
  );
}
