import { cn } from "~/lib/cn";
import { Input } from "~/components/ui/input";
import { NONE, STATUS_TONES } from "./admin-columns";
import { AdminField } from "./admin-form";
import type { AdminColumn } from "./admin-table";
import type { RedemptionShipping } from "~/.server/admin/redemptions";

/** The badge tones of a shipment's status (orders and redemptions), by {@link STATUS_TONES}. */
export const SHIPPING_TONES = {
  pending: STATUS_TONES.waiting,
  processing: STATUS_TONES.handling,
  shipped: STATUS_TONES.sent,
  delivered: STATUS_TONES.finished,
} as const;

/** The 'Tracking number' field of an order's or a redemption's update form, with its value now. */
export function TrackingField({ value }: { value: string | null }) {
  return (
    <AdminField name="trackingNumber" label="Tracking number">
      <Input
        maxLength={64}
        defaultValue={value ?? ""}
        autoComplete="off"
        placeholder="1Z999AA10123456784"
      />
    </AdminField>
  );
}

/** A 'Tracking' column: the carrier (when the row has one) and the tracking number, or a dash. */
export function trackingColumn<Row>(
  trackingOf: (row: Row) => { carrier?: string | null; number: string | null },
): AdminColumn<Row> {
  return {
    header: "Tracking",
    cell: (row) => {
      const { carrier, number } = trackingOf(row);
      if (!number) return NONE;
      const code = <span className="font-mono break-all">{number}</span>;
      return carrier === undefined ? (
        <span className="text-xs">{code}</span>
      ) : (
        <span className="text-xs">
          {carrier} {code}
        </span>
      );
    },
  };
}

/** A shipping address as it is printed on a label: name, street, city line and country. */
export function ShippingAddress({
  shipping,
  className,
}: {
  shipping: RedemptionShipping;
  /** The text size and line height ('text-xs leading-5' in a table). */
  className: string;
}) {
  return (
    <address className={cn(className, "not-italic")}>
      {shipping.name}
      <br />
      {shipping.address}
      <br />
      {shipping.city}, {shipping.state} {shipping.zip}
      <br />
      {shipping.country}
    </address>
  );
}
