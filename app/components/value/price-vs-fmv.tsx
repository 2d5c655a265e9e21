import { Fmv } from "./fmv";
import { mulDivHalfUp } from "~/lib/money";
import { ABOVE_FMV_WARNING_BP } from "~/lib/value/comps";

/**
 * The card's FMV and confidence beside a price being typed (docs/product/value.md "Where value
 * meets decisions"): "No estimate yet" when there is none; when `warnAbove` (a listing) and
 * the price is more than 50 % above the FMV, a note that says so (the price is still allowed).
 * The note is a polite live region, so a screen reader hears it as the price is typed.
 */
export function PriceVsFmv({
  priceCents,
  fmv,
  warnAbove = false,
}: {
  priceCents: number | null;
  fmv: { fmvCents: number; confidence: number } | null;
  warnAbove?: boolean;
}) {
  const limit = fmv
    ? fmv.fmvCents + mulDivHalfUp(fmv.fmvCents, ABOVE_FMV_WARNING_BP, 10_000)
    : null;
  const high = warnAbove && limit !== null && priceCents !== null && priceCents > limit;
  return (
    <div className="bg-surface-2 space-y-1 rounded-lg px-3 py-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-muted-foreground">Fair market value</span>
        <Fmv value={fmv} />
      </p>
      <p role="status" aria-live="polite" className="text-danger">
        {high && fmv && priceCents !== null
          ? `This price is ${Math.round(((priceCents - fmv.fmvCents) * 100) / fmv.fmvCents)} % above the card's fair market value.`
          : ""}
      </p>
    </div>
  );
}
