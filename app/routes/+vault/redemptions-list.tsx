import { SlabCert } from "~/components/cards/slab-cert";
import { Truck } from "lucide-react";
import type { OwnRedemption } from "~/.server/vault/redemptions-list";
import { Badge } from "~/components/ui/badge";
import { Time } from "~/components/ui/time";

const STATUS_LABELS: Record<OwnRedemption["status"], string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/**
 * 'Your Redemptions' on /vault (docs/product/administration.md: the owner sees the status and tracking number
 * an admin set): one line per request, newest first, with the card, where it goes, its status,
 * the tracking number once shipped and the dates. Nothing when the user never redeemed a card.
 */
export function RedemptionsList({ redemptions }: { redemptions: readonly OwnRedemption[] }) {
  if (redemptions.length === 0) return null;
  return (
    <section aria-labelledby="redemptions-title" className="mt-10 space-y-4">
      <h2
        id="redemptions-title"
        className="flex items-center gap-2 text-xl font-bold tracking-tight"
      >
        <Truck className="size-5" aria-hidden="true" />
        Your Redemptions
      </h2>
      <ul aria-labelledby="redemptions-title" className="space-y-3">
        {redemptions.map((redemption) => (
          <li key={redemption.id} className="bg-surface rounded-xl border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{redemption.cardName}</p>
              <Badge>{STATUS_LABELS[redemption.status]}</Badge>
            </div>
            <dl className="text-muted-foreground mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <div>
                <dt className="inline">Slab: </dt>
                <dd className="text-foreground inline">
                  <SlabCert slab={redemption.slab} />
                </dd>
              </div>
              <div>
                <dt className="inline">Ship to: </dt>
                <dd className="inline">{redemption.shipTo}</dd>
              </div>
              <div>
                <dt className="inline">Tracking number: </dt>
                <dd className="text-foreground inline font-mono break-all">
                  {redemption.trackingNumber ?? "Not shipped yet"}
                </dd>
              </div>
              <div>
                <dt className="inline">Requested: </dt>
                <dd className="inline">
                  <Time value={redemption.requestedAt} style="date" />
                </dd>
              </div>
              {redemption.shippedAt ? (
                <div>
                  <dt className="inline">Shipped: </dt>
                  <dd className="inline">
                    <Time value={redemption.shippedAt} style="date" />
                  </dd>
                </div>
              ) : null}
              {redemption.deliveredAt ? (
                <div>
                  <dt className="inline">Delivered: </dt>
                  <dd className="inline">
                    <Time value={redemption.deliveredAt} style="date" />
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
