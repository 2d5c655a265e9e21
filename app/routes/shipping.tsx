import { Globe, Info, MapPinned, Package, Truck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/shipping";
import { ShippingRateTable } from "./+content/shipping-rate-table";
import { DOMESTIC_RATES, INTERNATIONAL_RATES, POLICY } from "./+content/store-policy";
import { ContentPage } from "~/components/content/content-page";
import { InfoCard } from "~/components/content/info-card";
import { pageMeta } from "~/lib/meta";
import { STORE_SHIPPING, STORE_SHIPPING_NOTE } from "~/lib/shipping";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Shipping Information",
    `PackVault shipping rates and times in the US and worldwide, free US shipping over ${POLICY.freeShippingOver}, packaging and order tracking.`,
  );

export default function Shipping() {
  return (
    <ContentPage
      title="Shipping Information"
      lead="Every order is packed by a collector, insured and tracked from our store to your door."
    >
      <p className="bg-surface-2 mb-4 rounded-lg px-4 py-3 font-medium">
        Store orders: {STORE_SHIPPING.toLowerCase()}. {STORE_SHIPPING_NOTE} The rates below are our
        carriers&apos; standard rates, for reference.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <InfoCard icon={Truck} title="Domestic Shipping">
          <ShippingRateTable caption="Domestic shipping rates" rates={DOMESTIC_RATES} />
          <p>
            <strong>Free shipping on orders over {POLICY.freeShippingOver} in the US.</strong>
          </p>
        </InfoCard>
        <InfoCard icon={Globe} title="International Shipping">
          <ShippingRateTable caption="International shipping rates" rates={INTERNATIONAL_RATES} />
          <p>
            Import duties, taxes and customs fees are set by the destination country and are paid by
            the recipient on delivery.
          </p>
        </InfoCard>
        <InfoCard icon={Package} title="Packaging">
          <ul>
            <li>
              Cards travel in penny sleeves and rigid top-loaders; graded slabs in bubble sleeves.
            </li>
            <li>Comics ship bagged and boarded between stiff cardboard.</li>
            <li>Everything goes in a padded, tamper-evident box, never a plain envelope.</li>
            <li>Every parcel is insured for the full value of its contents.</li>
          </ul>
        </InfoCard>
        <InfoCard icon={MapPinned} title="Order Tracking">
          <p>
            When your order ships we email you a tracking number. Enter it on{" "}
            <Link to="/track-order">Track Your Order</Link> or on the carrier&apos;s website to
            follow your parcel.
          </p>
        </InfoCard>
      </div>
      <InfoCard icon={Info} title="Shipping Notes" className="mt-4">
        <ul>
          <li>
            Orders are processed in {POLICY.processingTime}, not counting weekends and US holidays.
          </li>
          <li>Delivery times start when your order ships and are estimates from the carrier.</li>
          <li>
            Cards you redeem from your vault ship within {POLICY.redemptionShipping} of your
            request.
          </li>
          <li>
            We cannot change a shipping address once an order has shipped;{" "}
            <Link to="/contact">contact us</Link> right away if something is wrong.
          </li>
        </ul>
      </InfoCard>
    </ContentPage>
  );
}
