import type { VaultCard } from "~/.server/vault/vault";
import { Fmv } from "~/components/value/fmv";
import { Gain } from "~/components/value/gain";
import { formatCents } from "~/lib/money";

/**
 * A vault card's worth (docs/product/value.md "Portfolio"), as `dt`/`dd` pairs of the tile's
 * list: its value today (the estimate with its confidence, or the value at intake and "No
 * estimate yet"), what the collector paid and the gain or loss.
 */
export function CardWorth({ card }: { card: VaultCard }) {
  const { fmvCents, estimate, paidCents } = card.worth;
  return (
    <>
      <div className="col-span-2">
        <dt className="text-muted-foreground">Value today</dt>
        <dd>
          <Fmv
            value={estimate ? { fmvCents, confidence: estimate.confidence } : null}
            appraisalCents={fmvCents}
          />
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Paid</dt>
        <dd className="tabular-nums">{paidCents === null ? "Trade" : formatCents(paidCents)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Gain</dt>
        <dd className="font-semibold">
          <Gain cents={paidCents === null ? null : fmvCents - paidCents} />
        </dd>
      </div>
    </>
  );
}
