import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { useFormFetcher } from "~/lib/use-form-fetcher";

/** The fetcher of an offer dialog's form and whether it is on its way. */
export type OfferFetcher = ReturnType<typeof useFormFetcher>;

/** What an offer dialog gives its form: the fetcher, and the form's hidden fields to render. */
export type OfferForm = OfferFetcher & { hiddenFields: ReactNode };

/**
 * The dialog both offers for a listing are made in (the buy-or-described-trade offer and the
 * vault-card trade offer, docs/product/market.md): open while `listing` is set, titled `title`
 * and described by `describe(listing)`; `children` renders the form with the dialog's fetcher,
 * whose success (a redirect with a flash toast) closes the dialog, and the form's hidden fields
 * (`OfferHiddenFields`: `intent`, the listing, `redirectTo`, `idempotencyKey`). It cannot be closed while
 * the form is on its way.
 */
export function OfferDialog<L extends { id: number }>({
  listing,
  onOpenChange,
  title,
  describe,
  intent,
  redirectTo,
  idempotencyKey,
  children,
}: {
  listing: L | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  describe: (listing: L) => ReactNode;
  intent: string;
  redirectTo: string;
  /** The page render's key: a doubled or retried submission is one offer. */
  idempotencyKey: string;
  children: (listing: L, form: OfferForm) => ReactNode;
}) {
  const fetcher = useFormFetcher(() => onOpenChange(false));
  const form = (listing: L): OfferForm => ({
    ...fetcher,
    hiddenFields: (
      <OfferHiddenFields
        intent={intent}
        listingId={listing.id}
        redirectTo={redirectTo}
        idempotencyKey={idempotencyKey}
      />
    ),
  });
  return (
    <Dialog
      open={listing !== null}
      onOpenChange={onOpenChange}
      busy={fetcher.busy}
      title={title}
      description={listing ? describe(listing) : null}
    >
      {listing ? children(listing, form(listing)) : null}
    </Dialog>
  );
}

/**
 * The hidden fields of an offer form posted to /marketplace: the `intent`, the listing, where to
 * come back to, and the page render's idempotency key (a doubled or retried submission is one
 * offer).
 */
export function OfferHiddenFields({
  intent,
  listingId,
  redirectTo,
  idempotencyKey,
}: {
  intent: string;
  listingId: number;
  redirectTo: string;
  idempotencyKey: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="listingId" value={listingId} />
    </>
  );
}

/**
 * Cancel and the send button of an offer form ('Processing...' while on its way); `submit` is
 * left out where the form cannot be sent from here.
 */
export function OfferActions({
  busy,
  submit,
}: {
  busy: boolean;
  submit?: { label: string; disabled?: boolean; describedBy?: string };
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <DialogCancel disabled={busy} />
      {submit ? (
        <Button
          type="submit"
          disabled={busy || submit.disabled}
          aria-describedby={submit.describedBy}
        >
          {busy ? "Processing..." : submit.label}
        </Button>
      ) : null}
    </div>
  );
}
