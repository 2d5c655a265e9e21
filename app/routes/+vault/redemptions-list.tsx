import { Truck } from "lucide-react";
import type { OwnRedemption } from "~/lib/domain/redemptions";
import { RedemptionDetails } from "~/components/vault/redemption-details";

/**
 * 'Your Redemptions' on /vault (docs/product/administration.md: the owner sees the status and tracking number
 * an admin set): one line per request, newest first, with the card, its reference, where it
 * goes, its status, the slab's grader and cert, the tracking number once shipped and the dates.
 * Nothing when the user never redeemed a card.
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
            <RedemptionDetails redemption={redemption} />
          </li>
        ))}
      </ul>
    </section>
  );
}
