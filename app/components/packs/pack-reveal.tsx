import { Banknote, Store, Truck, Vault, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { RedeemDialog, type RedeemAddress } from "~/components/vault/redeem-dialog";
import { buybackQuestion } from "~/components/vault/accept-buyback-button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import type { PullJson } from "./open-pack";
import { PulledCard } from "./pulled-card";
import { BUYBACK_PERCENT } from "~/lib/rates";

/** One of the four actions: a big button with an icon, a label and a hint under it. */
function ActionButton({
  icon: Icon,
  label,
  hint,
  disabled,
  onClick,
  emphasis = false,
  buttonRef,
}: {
  icon: LucideIcon;
  label: string;
  hint: ReactNode;
  disabled: boolean;
  onClick: () => void;
  emphasis?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={cn(
        "flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border px-2 py-3 text-center transition-colors disabled:pointer-events-none disabled:opacity-50",
        emphasis
          ? "border-accent bg-accent text-accent-foreground hover:opacity-90"
          : "bg-surface-2 hover:border-accent/60",
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="text-sm font-semibold">{label}</span>
      <span className={cn("text-xs", emphasis ? "opacity-90" : "text-muted-foreground")}>
        {hint}
      </span>
    </button>
  );
}

/**
 * The revealed pull (spec "Pack opening dialog", Revealing/revealed): the slab, rarity badge,
 * name, description, condition, grade to one decimal and estimated value, then the four
 * actions, Keep in vault the primary (filled) one (docs/decisions/008-house-edge.md):
 * - Keep in vault: toast 'Card added to your vault!' and go to /vault;
 * - Redeem: the 'Redeem Physical Card' dialog (posts to /vault, comes back here);
 * - List: /marketplace with the navigation state `{ createListing: true, cardId }`;
 * - Buyback: the amount and 90 %; asks first (the vault's question: amount credited, the card
 *   leaves the vault), then posts `intent=accept-buyback` to /vault with a fetcher
 *   ('Processing...'), which redirects back here with its toast; the dialogs then close.
 * Once one action is chosen, none can be pressed again.
 */
export function PackReveal({
  pull,
  onClose,
  onBusyChange,
  defaultAddress,
}: {
  pull: PullJson;
  onClose: () => void;
  /** Told when a buyback starts and ends, so the dialog is not dismissed meanwhile. */
  onBusyChange: (busy: boolean) => void;
  defaultAddress: RedeemAddress | null;
}) {
  const { card, buyback } = pull;
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  // The buyback is done once /vault's redirect is back with its toast (accepted or refused).
  const { fetcher, busy: selling } = useFormFetcher(onClose);
  const [leaving, setLeaving] = useState(false);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const [sellOpen, setSellOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const locked = leaving || selling;

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    onBusyChange(selling);
    return () => onBusyChange(false);
  }, [selling, onBusyChange]);

  return (
    <div className="mt-4 space-y-4 sm:space-y-5">
      <PulledCard pull={pull} />

      <div
        role="group"
        aria-label="What to do with your card"
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      >
        <ActionButton
          buttonRef={first}
          icon={Vault}
          label="Keep in vault"
          hint="Graded and insured"
          emphasis
          disabled={locked}
          onClick={() => {
            setLeaving(true);
            toast.success("Card added to your vault!");
            void navigate("/vault");
          }}
        />
        <ActionButton
          icon={Truck}
          label="Redeem"
          hint="Ship to me"
          disabled={locked}
          onClick={() => setRedeemOpen(true)}
        />
        <ActionButton
          icon={Store}
          label="List"
          hint="On the marketplace"
          disabled={locked}
          onClick={() => {
            setLeaving(true);
            void navigate("/marketplace", { state: { createListing: true, cardId: card.id } });
          }}
        />
        <ActionButton
          icon={Banknote}
          label={selling ? "Processing..." : `Buyback ${formatCents(buyback.amountCents)}`}
          hint={`${BUYBACK_PERCENT} of value, instantly`}
          disabled={locked}
          onClick={() => setSellOpen(true)}
        />
      </div>
      <p className="text-muted-foreground text-center text-xs">
        This buyback offer expires in 24 hours.
      </p>

      <ConfirmDialog
        open={sellOpen}
        onOpenChange={setSellOpen}
        {...buybackQuestion(card.name, buyback.amountCents)}
        busy={selling}
        onConfirm={() =>
          void fetcher.submit(
            { intent: "accept-buyback", offerId: buyback.offerId, redirectTo: here },
            { method: "post", action: "/vault" },
          )
        }
      />
      <RedeemDialog
        card={{ id: card.id, name: card.name }}
        open={redeemOpen}
        onOpenChange={setRedeemOpen}
        redirectTo={here}
        defaultAddress={defaultAddress}
      />
    </div>
  );
}
