import type { CartLine } from "~/.server/cart/cart";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatCents, type Cents } from "~/lib/money";
import type { CheckoutAddress } from "~/lib/schemas/cart";
import { STORE_SHIPPING } from "~/lib/shipping";

/**
 * 'Review your order' (docs/decisions/044-confirm-before-money-moves.md), the step between the
 * checkout form and the order: each line item (name, quantity, line total), the shipping
 * address, shipping (free to US addresses), the total, what is debited from the wallet and the
 * balance after ('Not enough funds' below the total: the server refuses that order). 'Place order' sends the checkout form; 'Back to cart' (focused first) changes
 * nothing.
 */
export function CheckoutReviewDialog({
  address,
  lines,
  totalCents,
  availableCents,
  onPlaceOrder,
  onBack,
}: {
  /** The form's parsed address, or null while the review is closed. */
  address: CheckoutAddress | null;
  lines: CartLine[];
  totalCents: Cents;
  availableCents: Cents;
  onPlaceOrder: () => void;
  onBack: () => void;
}) {
  const total = formatCents(totalCents);
  const short = availableCents < totalCents;
  return (
    <ConfirmDialog
      open={address !== null}
      onOpenChange={(open) => (open ? undefined : onBack())}
      title="Review your order"
      description={`${total} is debited from your wallet when you place the order.`}
      body={
        address ? (
          <div className="max-h-[55vh] space-y-3 overflow-y-auto text-sm">
            <ul aria-label="Order lines" className="divide-y rounded-lg border">
              {lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-3 px-3 py-2">
                  <span className="min-w-0 break-words">
                    {line.name} <span className="text-muted-foreground">× {line.quantity}</span>
                  </span>
                  <span className="tabular-nums">{formatCents(line.lineTotalCents)}</span>
                </li>
              ))}
            </ul>
            <div>
              <p className="font-medium">Ships to</p>
              <address className="text-muted-foreground not-italic">
                {address.fullName}
                <br />
                {address.street}
                <br />
                {address.city}, {address.state} {address.zip}
              </address>
            </div>
            <dl className="bg-surface-2 divide-y rounded-lg border">
              {[
                { term: "Shipping", value: STORE_SHIPPING },
                { term: "Total", value: total },
                { term: "Debited from your wallet", value: total },
                {
                  term: "Wallet balance after",
                  value: short ? "Not enough funds" : formatCents(availableCents - totalCents),
                },
              ].map(({ term, value }) => (
                <div key={term} className="flex justify-between gap-3 px-3 py-2">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="text-right font-medium tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null
      }
      dismissLabel="Back to cart"
      confirmLabel={`Place order (${total})`}
      onConfirm={onPlaceOrder}
    />
  );
}
