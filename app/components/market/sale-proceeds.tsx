import { formatCents, type Cents } from "~/lib/money";
import { saleProceeds } from "~/lib/market";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

/**
 * What a sale at `priceCents` pays the seller, shown before they list or accept
 * (docs/product/market.md "Settlement and fees"): the 15 % platform fee and their net; and,
 * when the card has a buyback offer standing (`buybackCents`), whether that net is below it.
 * Nothing while the price is not a valid amount (null).
 */
export function SaleProceeds({
  priceCents,
  buybackCents = null,
}: {
  priceCents: Cents | null;
  buybackCents?: Cents | null;
}) {
  if (priceCents === null) {
    return (
      <p className="text-muted-foreground text-sm" aria-live="polite">
        A {PLATFORM_FEE_PERCENT} platform fee is taken from the sale price when it sells.
      </p>
    );
  }
  const { feeCents, netCents } = saleProceeds(priceCents);
  const belowBuyback = buybackCents !== null && netCents < buybackCents;
  return (
    <div aria-live="polite" className="bg-surface-2 space-y-1 rounded-lg px-3 py-2 text-sm">
      <p className="flex justify-between gap-2">
        <span className="text-muted-foreground">Platform fee ({PLATFORM_FEE_PERCENT})</span>
        <span className="tabular-nums">-{formatCents(feeCents)}</span>
      </p>
      <p className="flex justify-between gap-2 font-medium">
        <span>You receive</span>
        <span className="tabular-nums">{formatCents(netCents)}</span>
      </p>
      {belowBuyback ? (
        <p role="alert" className="text-danger">
          That is less than the buyback offer on this card: PackVault buys it back now for{" "}
          {formatCents(buybackCents)}.
        </p>
      ) : null}
    </div>
  );
}
