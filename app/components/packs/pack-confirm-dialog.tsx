import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ConfirmDialog, ConfirmFacts } from "~/components/ui/confirm-dialog";
import { formatCents, type Cents } from "~/lib/money";
import type { OpeningPack } from "./use-pack-opening";

/** The question before a pack is paid for: the pack and the wallet balance before it. */
export type PackConfirmation = { pack: OpeningPack; balanceCents: Cents };

/**
 * 'Open {pack}?' (docs/decisions/044-confirm-before-money-moves.md): the pack, its price, the
 * wallet balance now and after the opening; 'Open for $x' starts the opening, Cancel (focused
 * first) does nothing. A balance below the price says so and links to Add funds (Open still
 * asks the server, which refuses with 'Insufficient balance': the balance shown may be older
 * than another tab's top-up). It links
 * to the Limits tab, where a collector may stop being asked for packs under an amount.
 */
export function PackConfirmDialog({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: PackConfirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const location = useLocation();
  // 'Open' closes the question first; the opening starts once it has closed and given focus
  // back to the button that asked, so the opening dialog gives focus back there too.
  const [confirmed, setConfirmed] = useState(false);
  const closed = () => {
    if (!confirmed) return;
    setConfirmed(false);
    onConfirm();
  };
  if (!confirmation) return <ConfirmDialog {...CLOSED} onClosed={closed} />;
  const { pack, balanceCents } = confirmation;
  const price = formatCents(pack.priceCents);
  const short = balanceCents < pack.priceCents;
  const rows = [
    { term: "Pack", value: pack.name },
    { term: "Price", value: price },
    { term: "Wallet balance", value: formatCents(balanceCents) },
    {
      term: "Balance after",
      value: short ? "Not enough funds" : formatCents(balanceCents - pack.priceCents),
    },
  ];
  const walletHref = `/wallet?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <ConfirmDialog
      open={!confirmed}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={`Open ${pack.name}?`}
      description={`${price} is paid from your wallet when the pack opens.`}
      body={
        <div className="space-y-3">
          <ConfirmFacts rows={rows} />
          {short ? (
            <p role="alert" className="text-danger text-sm">
              Your balance is below the price.{" "}
              <Link to={walletHref} className="font-medium underline underline-offset-4">
                Add funds
              </Link>
            </p>
          ) : null}
          <p className="text-muted-foreground text-xs">
            Stop being asked for cheaper packs in{" "}
            <Link
              to="/account?tab=limits#pack-confirmation-title"
              className="text-foreground underline underline-offset-4"
            >
              your limits
            </Link>
            .
          </p>
        </div>
      }
      confirmLabel={`Open for ${price}`}
      onConfirm={() => setConfirmed(true)}
      onClosed={closed}
    />
  );
}

/** The dialog while nothing is asked: mounted closed, so it closes with its animation. */
const CLOSED = {
  open: false,
  onOpenChange: () => undefined,
  title: "Open pack?",
  description: "",
  confirmLabel: "Open",
  onConfirm: () => undefined,
};
