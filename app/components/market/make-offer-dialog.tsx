import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftRight, Info } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { FormError, withoutKey } from "~/components/ui/form-controls";
import { resultFor } from "~/lib/intent-reply";
import { OfferActions, OfferDialog, type OfferForm } from "./offer-dialog";
import { OfferTypeChoice } from "./offer-type-choice";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { formatCents, readDollars, type Cents } from "~/lib/money";
import { PriceVsFmv } from "~/components/value/price-vs-fmv";
import { LISTING_PRICE_CENTS } from "~/lib/market";
import { makeOfferSchema } from "~/lib/schemas/market";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

const INTENT = "make-offer";

/** The listing an offer is for. */
export type OfferListing = {
  id: number;
  title: string;
  priceCents: Cents;
  /** A vault-card listing is traded with vault cards (the trade dialog), not a description. */
  hasCard: boolean;
  /** The card's FMV and confidence; null: "No estimate yet"; absent for a physical item. */
  fmv?: { fmvCents: Cents; confidence: number } | null;
};

/** A listing as the offer dialogs take it: a vault card's listing carries the card's FMV. */
export function offerListingOf(listing: {
  id: number;
  title: string;
  priceCents: Cents;
  card: { fmv: OfferListing["fmv"] } | null;
}): OfferListing {
  return {
    id: listing.id,
    title: listing.title,
    priceCents: listing.priceCents,
    hasCard: listing.card !== null,
    ...(listing.card ? { fmv: listing.card.fmv } : {}),
  };
}

type Props = {
  listing: OfferListing | null;
  onOpenChange: (open: boolean) => void;
  /** Opens the trade offer dialog for the same listing (vault-card listings). */
  onTradeCards?: () => void;
  redirectTo: string;
  /** The page render's key: a doubled or retried submission is one offer. */
  idempotencyKey: string;
};

/**
 * 'Make Offer' (docs/product/market.md): offer type Buy or Trade (a radio
 * group), the amount for a buy, the item description for a trade, a message of at least 10
 * characters and the 15% fee note; checked with the shared schema ('Please provide offer
 * details', 'Message must be at least 10 characters') and posted to /marketplace
 * (`intent=make-offer`) with the page render's idempotency key. A described trade is for physical listings only: on a vault-card
 * listing, Trade points to the trade offer dialog instead. Open while `listing` is set.
 */
export function MakeOfferDialog({ onTradeCards, ...dialog }: Props) {
  return (
    <OfferDialog
      {...dialog}
      intent={INTENT}
      title="Make Offer"
      describe={(listing) => (
        <>
          Your offer for <span className="text-foreground font-medium">{listing.title}</span>,
          listed at {formatCents(listing.priceCents)}. The seller can accept or decline it.
        </>
      )}
    >
      {(listing, form) => (
        <MakeOfferForm key={listing.id} listing={listing} onTradeCards={onTradeCards} {...form} />
      )}
    </OfferDialog>
  );
}

/**
 * The shared schema's check, plus 'Please provide offer details' shown at once with the other
 * errors (the schema only looks at the details once the rest of the form is valid).
 */
function validateOffer(formData: FormData) {
  const submission = parseWithZod(formData, { schema: makeOfferSchema });
  if (submission.status !== "error" || !submission.error) return submission;
  const field = formData.get("offerType") === "trade" ? "tradeItemDescription" : "amount";
  const value = formData.get(field);
  if (typeof value === "string" && value.trim() === "" && !submission.error[field]?.length) {
    submission.error[field] = ["Please provide offer details"];
  }
  return submission;
}

function MakeOfferForm({
  listing,
  onTradeCards,
  fetcher,
  busy,
  hiddenFields,
}: Omit<Props, "onOpenChange" | "listing" | "redirectTo" | "idempotencyKey"> & {
  listing: OfferListing;
} & OfferForm) {
  const [stale] = useState(fetcher.data);
  const [form, fields] = useForm<z.input<typeof makeOfferSchema>, z.output<typeof makeOfferSchema>>(
    {
      id: `make-offer-${listing.id}`,
      lastResult: fetcher.data === stale ? undefined : resultFor(fetcher.data, INTENT),
      defaultValue: { listingId: String(listing.id), offerType: "buy" },
      onValidate: ({ formData }) => validateOffer(formData),
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    },
  );
  const offerType = fields.offerType.value === "trade" ? "trade" : "buy";
  const tradeCards = offerType === "trade" && listing.hasCard;
  const [amountText, setAmountText] = useState("");
  const amount = readDollars(amountText, LISTING_PRICE_CENTS);

  return (
    <fetcher.Form
      method="post"
      action="/marketplace"
      {...getFormProps(form)}
      className="mt-5 space-y-4"
    >
      {hiddenFields}
      <OfferTypeChoice name={fields.offerType.name} value={offerType} />

      {offerType === "buy" ? (
        <Field label="Offer amount (USD)" field={fields.amount}>
          <Input
            key={fields.amount.key}
            {...withoutKey(getInputProps(fields.amount, { type: "number" }))}
            step="0.01"
            min="0.01"
            inputMode="decimal"
            onInput={(event) => setAmountText(event.currentTarget.value)}
          />
        </Field>
      ) : null}
      {offerType === "buy" && listing.fmv !== undefined ? (
        <PriceVsFmv priceCents={amount.ok ? amount.cents : null} fmv={listing.fmv} />
      ) : null}
      {offerType === "buy" ? null : tradeCards ? (
        <div className="bg-surface-2 space-y-3 rounded-lg p-3 text-sm">
          <p>
            This listing is a graded card from a vault: trade for it with cards from your own vault.
            They change hands at once when the seller accepts.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onTradeCards}>
            <ArrowLeftRight className="size-4" aria-hidden="true" />
            Choose cards to trade
          </Button>
        </div>
      ) : (
        <Field
          label="Trade item description"
          field={fields.tradeItemDescription}
          description="What you offer in exchange: the item, its condition, how you would ship it."
        >
          <Textarea
            key={fields.tradeItemDescription.key}
            {...withoutKey(getTextareaProps(fields.tradeItemDescription))}
            rows={3}
            maxLength={1000}
            className="min-h-20"
          />
        </Field>
      )}

      {tradeCards ? null : (
        <>
          <Field label="Message" field={fields.message}>
            <Textarea
              key={fields.message.key}
              {...withoutKey(getTextareaProps(fields.message))}
              rows={3}
              maxLength={1000}
              placeholder="A note for the seller (at least 10 characters)"
              className="min-h-20"
            />
          </Field>
          <p className="text-muted-foreground flex gap-2 text-sm">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />A {PLATFORM_FEE_PERCENT}{" "}
            platform fee applies to all completed transactions.
          </p>
          <FormError id={form.errorId} errors={form.errors} />
        </>
      )}
      <OfferActions busy={busy} submit={tradeCards ? undefined : { label: "Send Offer" }} />
    </fetcher.Form>
  );
}
