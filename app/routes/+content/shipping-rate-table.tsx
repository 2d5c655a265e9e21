import type { ShippingRate } from "./store-policy";
import { ColumnHeads } from "~/components/account-ui/column-heads";

const COLUMNS = [
  { label: "Service", className: "py-2 pr-3 font-medium" },
  { label: "Delivery", className: "py-2 pr-3 font-medium" },
  { label: "Price", className: "py-2 text-right font-medium" },
];

/** A table of shipping services (service, delivery time, price), readable down to 360 px. */
export function ShippingRateTable({
  caption,
  rates,
}: {
  caption: string;
  rates: readonly ShippingRate[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <ColumnHeads className="text-foreground border-b" columns={COLUMNS} />
      <tbody>
        {rates.map((rate) => (
          <tr key={rate.service} className="border-b last:border-b-0">
            <th scope="row" className="text-foreground py-2 pr-3 font-medium">
              {rate.service}
            </th>
            <td className="py-2 pr-3">{rate.time}</td>
            <td className="text-foreground py-2 text-right font-semibold">{rate.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
