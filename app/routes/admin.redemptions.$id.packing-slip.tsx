import { ArrowLeft, Printer } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.redemptions.$id.packing-slip";
import { redemptionPackingSlip } from "~/.server/admin/redemptions";
import { requireRole } from "~/.server/auth/guards";
import { requestCtx } from "~/.server/request-context";
import { formatGrade } from "~/lib/art/slab-card";
import { redemptionReference, REDEMPTION_STATUS_LABELS } from "~/lib/domain/redemptions";
import { pageMeta } from "~/lib/meta";
import { Button } from "~/components/ui/button";
import { Time } from "~/components/ui/time";
import { ISSUED_BEFORE_INVENTORY } from "~/lib/slabs";
import { ShippingAddress } from "./+admin/shipping";

const NOT_FOUND = "Redemption not found";

export const meta: Route.MetaFunction = ({ data: slip }) => [
  ...pageMeta(
    slip ? `Packing slip ${redemptionReference(slip.id)}` : "Packing slip",
    "The slab to pick and where to ship it.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * /admin/redemptions/{id}/packing-slip: the printable packing slip of a redemption for the staff
 * who ship it (the slab's card, grader, cert, grade and bin, and the ship-to address;
 * docs/product/vault.md, redemption). Staff only (anyone else is sent away as from /admin); an
 * unknown or malformed id is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin", "moderator");
  const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
  const slip = id === null ? null : await redemptionPackingSlip(requestCtx(context), id);
  if (!slip) throw data(NOT_FOUND, { status: 404 });
  return slip;
}

/** One line of the slip: a term and what it says. */
function Line({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 border-b py-2 last:border-b-0">
      <dt className="text-muted-foreground print:text-black">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

export default function PackingSlipPage({ loaderData: slip }: Route.ComponentProps) {
  const { shipping, slab } = slip;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/admin?tab=redemptions&q=${encodeURIComponent(slab?.cert ?? slip.cardName)}`}
          className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the redemptions
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print
        </Button>
      </div>
      <article
        aria-labelledby="slip-title"
        className="bg-surface space-y-6 rounded-xl border p-6 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="slip-title" className="text-2xl font-bold">
            Packing slip {redemptionReference(slip.id)}
          </h1>
          <p className="text-muted-foreground text-sm print:text-black">
            PackVault redemption, requested <Time value={slip.requestedAt} style="date" />,{" "}
            {REDEMPTION_STATUS_LABELS[slip.status]}
          </p>
        </header>
        <section aria-labelledby="slip-item">
          <h2 id="slip-item" className="mb-2 text-lg font-semibold">
            Item
          </h2>
          <dl className="text-sm">
            <Line term="Card">{slip.cardName}</Line>
            {slab ? (
              <>
                <Line term="Set">
                  {slab.card.setName} #{slab.card.number}
                  {slab.card.variant ? `, ${slab.card.variant}` : ""} ({slab.card.year})
                </Line>
                <Line term="Grader">{slab.grader}</Line>
                <Line term="Cert">
                  <span className="font-mono">{slab.cert}</span>{" "}
                  <a
                    href={slab.verifyUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-accent text-xs underline print:hidden"
                  >
                    Verify with {slab.grader}
                  </a>
                </Line>
                <Line term="Grade">{formatGrade(slab.grade)}</Line>
                <Line term="Bin">
                  <span className="font-mono text-base">{slab.bin}</span>
                </Line>
              </>
            ) : (
              <Line term="Slab">{ISSUED_BEFORE_INVENTORY}: no slab, no cert to check.</Line>
            )}
          </dl>
        </section>
        <section aria-labelledby="slip-ship-to">
          <h2 id="slip-ship-to" className="mb-2 text-lg font-semibold">
            Ship to
          </h2>
          <ShippingAddress shipping={shipping} className="text-base leading-6" />
          <p className="text-muted-foreground mt-2 text-sm print:text-black">
            Owner: {slip.ownerEmail}
            {slip.trackingNumber ? (
              <>
                {" "}
                · Tracking number <span className="font-mono">{slip.trackingNumber}</span>
              </>
            ) : null}
          </p>
        </section>
        <p className="text-muted-foreground border-t pt-4 text-sm print:text-black">
          Check that the cert on the slab&apos;s label matches this slip before packing.
        </p>
      </article>
    </div>
  );
}
