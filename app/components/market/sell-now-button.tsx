import type { ButtonProps } from "~/components/ui/button";
import { ConfirmAction } from "~/components/market/confirm-action";
import { saleProceeds } from "~/lib/market";
import { formatCents, type Cents } from "~/lib/money";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

/**
 * "Sell now for $X" (docs/product/market.md "Standing bids"): fills the best standing bid a
 * vaulted slab matches. It asks first (docs/decisions/044-confirm-before-money-moves.md): the
 * amount, what the owner receives after the 15 % fee, and that the slab leaves the vault;
 * confirming posts `intent=fill-standing-bid` to the card's bids page with a fetcher, which
 * redirects to `redirectTo` with 'Sold for $X' (or answers the refusal's toast, and the dialog
 * stays). `amountCents` is the amount shown: a bid changed since is refused, nothing moves.
 */
export function SellNowButton({
  catalogueCardId,
  bid,
  userCardId,
  redirectTo,
  ...buttonProps
}: Omit<ButtonProps, "children" | "asChild" | "onClick" | "title"> & {
  catalogueCardId: number;
  bid: { id: number; amountCents: Cents };
  userCardId: number;
  /** Where the sale sends the browser back to (a same-site path). */
  redirectTo: string;
}) {
  const amount = formatCents(bid.amountCents);
  return (
    <ConfirmAction
      {...buttonProps}
      action={`/auctions/cards/${catalogueCardId}`}
      fields={{
        intent: "fill-standing-bid",
        bidId: bid.id,
        userCardId,
        expectedAmountCents: bid.amountCents,
        redirectTo,
      }}
      label={`Sell now for ${amount}`}
      title={`Sell now for ${amount}?`}
      description={`The slab leaves your vault at once for the bidder's. You receive ${formatCents(saleProceeds(bid.amountCents).netCents)} after the ${PLATFORM_FEE_PERCENT} fee. This cannot be undone.`}
      confirmLabel="Sell now"
      dismissLabel="Keep my slab"
    />
  );
}
