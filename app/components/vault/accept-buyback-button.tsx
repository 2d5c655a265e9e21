import type { ButtonProps } from "~/components/ui/button";
import { ConfirmAction } from "~/components/market/confirm-action";
import { formatCents, type Cents } from "~/lib/money";
import { BUYBACK_PERCENT } from "~/lib/rates";

/**
 * What the confirmation of a buyback says (docs/decisions/044-confirm-before-money-moves.md):
 * the card, the amount credited to the wallet, and that the card leaves the vault for good.
 * The vault's buttons and the pull reveal ask the same question.
 */
export function buybackQuestion(cardName: string, amountCents: Cents) {
  const amount = formatCents(amountCents);
  return {
    title: `Sell ${cardName} for ${amount}?`,
    description: (
      <>
        PackVault buys the card back now at {BUYBACK_PERCENT} of its estimated value: {amount} goes
        to your wallet and the card leaves your vault. This cannot be undone.
      </>
    ),
    confirmLabel: `Sell for ${amount}`,
  };
}

/**
 * A button that sells a vaulted card back to PackVault (docs/product/vault.md
 * "Vault": "Sell Now ${amount}" on a card, "Accept ${amount}" on an offer). It asks first, in an
 * alert dialog naming the amount and saying the card leaves the vault; confirming posts
 * `intent=accept-buyback` to /vault with a fetcher ('Processing...', not pressable twice), which
 * redirects to `redirectTo` with the spec's toast ('Buyback accepted! You received $x', or
 * 'No active buyback offer found'): a {@link ConfirmAction}, whose dialog closes once that redirect is in.
 */
export function AcceptBuybackButton({
  offer,
  cardName,
  label,
  redirectTo,
  ...buttonProps
}: Omit<ButtonProps, "children" | "asChild" | "onClick"> & {
  offer: { id: number; amountCents: Cents };
  cardName: string;
  /** The trigger's text, e.g. "Sell Now" or "Accept": the amount follows it. */
  label: string;
  /** Where POST /vault sends the browser back to (a same-site path). */
  redirectTo: string;
}) {
  const amount = formatCents(offer.amountCents);
  return (
    <ConfirmAction
      {...buttonProps}
      action="/vault"
      fields={{ intent: "accept-buyback", offerId: offer.id, redirectTo }}
      label={`${label} ${amount}`}
      {...buybackQuestion(cardName, offer.amountCents)}
    />
  );
}
