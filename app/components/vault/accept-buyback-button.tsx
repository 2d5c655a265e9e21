import { useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { formatCents, type Cents } from "~/lib/money";
import { useFormFetcher } from "~/lib/use-form-fetcher";

/**
 * A button that sells a vaulted card back to PackVault (docs/product/vault.md
 * "Vault": "Sell Now ${amount}" on a card, "Accept ${amount}" on an offer). It asks first, in an
 * alert dialog naming the amount and saying the card leaves the vault; confirming posts
 * `intent=accept-buyback` to /vault with a fetcher ('Processing...', not pressable twice), which
 * redirects to `redirectTo` with the spec's toast ('Buyback accepted! You received $x', or
 * 'No active buyback offer found'). The dialog closes when the answer is in.
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
  const [open, setOpen] = useState(false);
  // Accepted or refused, /vault redirects with its toast: the dialog closes then.
  const { fetcher, busy } = useFormFetcher(() => setOpen(false));
  const amount = formatCents(offer.amountCents);

  return (
    <AlertDialog open={open} onOpenChange={(next) => (busy && !next ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>
        <Button {...buttonProps}>{`${label} ${amount}`}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Sell ${cardName} for ${amount}?`}
        description={
          <>
            PackVault buys the card back now at 90% of its estimated value: {amount} goes to your
            wallet and the card leaves your vault. This cannot be undone.
          </>
        }
      >
        <fetcher.Form
          method="post"
          action="/vault"
          className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="accept-buyback" />
          <input type="hidden" name="offerId" value={offer.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button type="submit" disabled={busy}>
            {busy ? "Processing..." : `Sell for ${amount}`}
          </Button>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
