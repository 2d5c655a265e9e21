import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { DialogCancel, Dialog } from "~/components/ui/dialog";
import { FormError, Select, withoutKey } from "~/components/ui/form-controls";
import { listingPrefill, slabOf, type MarketVaultCard } from "./market-card";
import { PriceVsFmv } from "~/components/value/price-vs-fmv";
import { resultFor } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import { PhotoFields } from "./photo-fields";
import { formatGrade } from "~/lib/art/slab-card";
import { SlabImage } from "~/components/cards/slab-image";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ValueOptions } from "~/components/ui/value-options";
import { Input, Textarea } from "~/components/ui/input";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { LISTING_CATEGORIES, LISTING_CONDITIONS, LISTING_PRICE_CENTS } from "~/lib/market";
import { formatCents, readDollars } from "~/lib/money";
import { SaleProceeds } from "./sale-proceeds";
import { createListingSchema } from "~/lib/schemas/market";

const INTENT = "create-listing";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The vault card the listing is for (linked to it), or null for a physical item. */
  card: MarketVaultCard | null;
  /** Where the marketplace action sends the browser back to (a same-site path). */
  redirectTo: string;
};

/**
 * 'Create a New Listing' (docs/product/market.md "Listings"): title, description,
 * price (step 0.01), category and condition (the spec's six each), optional photos (front,
 * back and up to four more, sent as a multipart form; docs/product/market.md "Photos"), checked
 * with the shared schema on submit and then as the user types (messages verbatim), and posted
 * to /marketplace (`intent=create-listing`); 'Processing...' while posting, not pressable
 * twice. Opened for a vault card, it shows the card's slab, links the card and starts from the
 * card's name, description and grade, best category, condition Mint and its estimated value.
 */
export function CreateListingDialog({ open, onOpenChange, card, redirectTo }: Props) {
  const { fetcher, busy } = useFormFetcher(() => onOpenChange(false));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Create a New Listing"
      description={
        card
          ? "List this card from your vault. It stays listed until it sells, is traded or you cancel the listing."
          : "List an item you hold. Buyers pay into escrow; you are paid once they receive it."
      }
    >
      {open ? (
        <CreateListingForm
          key={card?.id ?? "item"}
          card={card}
          redirectTo={redirectTo}
          fetcher={fetcher}
          busy={busy}
        />
      ) : null}
    </Dialog>
  );
}

function CreateListingForm({
  card,
  redirectTo,
  fetcher,
  busy,
}: Omit<Props, "open" | "onOpenChange"> & ReturnType<typeof useFormFetcher>) {
  // An answer from before this opening is not shown again.
  const [stale] = useState(fetcher.data);
  const id = card ? `create-listing-${card.id}` : "create-listing";
  const [form, fields] = useForm<
    z.input<typeof createListingSchema>,
    z.output<typeof createListingSchema>
  >({
    id,
    lastResult: fetcher.data === stale ? undefined : resultFor(fetcher.data, INTENT),
    constraint: getZodConstraint(createListingSchema),
    defaultValue: card
      ? listingPrefill(card)
      : { title: "", description: "", price: "", category: "", condition: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createListingSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const [priceText, setPriceText] = useState(card ? listingPrefill(card).price : "");
  const price = readDollars(priceText, LISTING_PRICE_CENTS);
  return (
    <fetcher.Form
      method="post"
      action="/marketplace"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-5 space-y-4"
    >
      <input type="hidden" name="intent" value={INTENT} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {card ? (
        <>
          <input type="hidden" name="cardId" value={card.id} />
          <div className="bg-surface-2 flex items-center gap-4 rounded-lg p-3">
            <SlabImage card={slabOf(card)} className="w-20 shrink-0" />
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-semibold">{card.name}</p>
              <RarityBadge rarity={card.rarity} />
              <p className="text-muted-foreground">
                Grade {formatGrade(card.grade)} · Est. value {formatCents(card.estimatedValueCents)}
              </p>
            </div>
          </div>
        </>
      ) : null}
      <Field label="Title" field={fields.title}>
        <Input
          key={fields.title.key}
          {...withoutKey(getInputProps(fields.title, { type: "text" }))}
          maxLength={100}
        />
      </Field>
      <Field label="Description" field={fields.description}>
        <Textarea
          key={fields.description.key}
          {...withoutKey(getTextareaProps(fields.description))}
          rows={4}
          maxLength={2000}
          className="min-h-24"
        />
      </Field>
      <Field label="Price (USD)" field={fields.price}>
        <Input
          key={fields.price.key}
          {...withoutKey(getInputProps(fields.price, { type: "number" }))}
          step="0.01"
          min="0.01"
          inputMode="decimal"
          placeholder="0.00"
          onInput={(event) => setPriceText(event.currentTarget.value)}
        />
      </Field>
      {card ? (
        <PriceVsFmv priceCents={price.ok ? price.cents : null} fmv={card.fmv} warnAbove />
      ) : null}
      <SaleProceeds
        priceCents={price.ok ? price.cents : null}
        buybackCents={card?.buybackCents ?? null}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" field={fields.category}>
          <Select key={fields.category.key} {...withoutKey(getSelectProps(fields.category))}>
            <ValueOptions values={LISTING_CATEGORIES} placeholder="Select a category" />
          </Select>
        </Field>
        <Field label="Condition" field={fields.condition}>
          <Select key={fields.condition.key} {...withoutKey(getSelectProps(fields.condition))}>
            <ValueOptions values={LISTING_CONDITIONS} placeholder="Select a condition" />
          </Select>
        </Field>
      </div>
      <PhotoFields />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogCancel disabled={busy} />
        <Button type="submit" disabled={busy}>
          {busy ? "Processing..." : "Create Listing"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
