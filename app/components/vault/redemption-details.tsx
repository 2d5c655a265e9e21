import type { OwnRedemption } from "~/lib/domain/redemptions";
import { SlabCert } from "~/components/cards/slab-cert";
import { Badge } from "~/components/ui/badge";
import { Time } from "~/components/ui/time";
import { REDEMPTION_STATUS_LABELS, redemptionReference } from "~/lib/domain/redemptions";

/**
 * One redemption as its owner sees it (docs/product/vault.md, redemption): the card, its
 * reference (what /track-order finds it by), status, the slab's grader and cert with the
 * grader's verification link, where it goes, the tracking number once shipped and the dates.
 * `Heading` is the card name's heading level where it stands.
 */
export function RedemptionDetails({
  redemption,
  heading: Heading = "p",
}: {
  redemption: OwnRedemption;
  heading?: "p" | "h2" | "h3";
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-semibold">
          {redemption.cardName}{" "}
          <span className="text-muted-foreground text-sm font-normal">
            Redemption {redemptionReference(redemption.id)}
          </span>
        </Heading>
        <Badge>{REDEMPTION_STATUS_LABELS[redemption.status]}</Badge>
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
        <DateRow term="Requested" at={redemption.requestedAt} />
        {redemption.shippedAt ? <DateRow term="Shipped" at={redemption.shippedAt} /> : null}
        {redemption.deliveredAt ? <DateRow term="Delivered" at={redemption.deliveredAt} /> : null}
      </dl>
    </>
  );
}

/** One dated step of the redemption ('Requested: <date>'), as a row of the list above. */
function DateRow({ term, at }: { term: string; at: Date }) {
  return (
    <div>
      <dt className="inline">{`${term}: `}</dt>
      <dd className="inline">
        <Time value={at} style="date" />
      </dd>
    </div>
  );
}
