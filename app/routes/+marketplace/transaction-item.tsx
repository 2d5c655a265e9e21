import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { InboxTransaction } from "~/.server/market/inbox";
import { ConfirmAction } from "~/components/market/confirm-action";
import { withoutKey } from "~/components/ui/form-controls";
import { resultFor } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ESCROW_AUTO_RELEASE_DAYS } from "~/lib/market";
import { formatCents } from "~/lib/money";
import { shipmentSchema } from "~/lib/schemas/market";
import { StatusBadge } from "./offer-item";
import { Time } from "~/components/ui/time";

/**
 * The seller's shipment form for a physical item sold through escrow (docs/product/market.md "Settlement and fees"):
 * carrier and tracking number, checked with the shared schema, posted as `mark-shipped`.
 */
function ShipmentForm({ transactionId }: { transactionId: number }) {
  const { fetcher, busy } = useFormFetcher();
  const [stale] = useState(fetcher.data);
  const [form, fields] = useForm<z.input<typeof shipmentSchema>, z.output<typeof shipmentSchema>>({
    id: `ship-${transactionId}`,
    lastResult: fetcher.data === stale ? undefined : resultFor(fetcher.data, "mark-shipped"),
    constraint: getZodConstraint(shipmentSchema),
    defaultValue: { transactionId: String(transactionId) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shipmentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form
      method="post"
      action="/marketplace/offers"
      {...getFormProps(form)}
      className="bg-surface-2 space-y-3 rounded-lg p-3"
    >
      <input type="hidden" name="intent" value="mark-shipped" />
      <input type="hidden" name="tab" value="sales" />
      <input type="hidden" name="transactionId" value={transactionId} />
      <p className="text-sm font-medium">Ship the item, then add its tracking:</p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label="Carrier" field={fields.carrier}>
          <Input
            key={fields.carrier.key}
            {...withoutKey(getInputProps(fields.carrier, { type: "text" }))}
            placeholder="USPS, UPS, FedEx..."
            maxLength={50}
          />
        </Field>
        <Field label="Tracking number" field={fields.trackingNumber}>
          <Input
            key={fields.trackingNumber.key}
            {...withoutKey(getInputProps(fields.trackingNumber, { type: "text" }))}
            maxLength={64}
            autoComplete="off"
          />
        </Field>
        <Button type="submit" disabled={busy} className="sm:mt-6">
          <Truck className="size-4" aria-hidden="true" />
          {busy ? "Processing..." : "Mark as shipped"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** What happens next for a sale or purchase, in a line. */
function nextStep(t: InboxTransaction): string | null {
  if (t.status === "awaiting_shipment") {
    return t.role === "seller"
      ? "The buyer's payment is held in escrow until they confirm the item arrived."
      : "Your payment is held in escrow. Waiting for the seller to ship.";
  }
  if (t.status === "shipped") {
    return t.role === "seller"
      ? `You are paid when the buyer confirms receipt, or automatically ${ESCROW_AUTO_RELEASE_DAYS} days after shipping.`
      : `The payment is released to the seller automatically ${ESCROW_AUTO_RELEASE_DAYS} days after shipping if you do not confirm receipt first.`;
  }
  return null;
}

/**
 * A sale or purchase on /marketplace/offers (docs/product/market.md "Settlement and fees"): the listing, the side, amount,
 * platform fee, seller amount, status and dates, the shipment when there is one; the seller of
 * an item awaiting shipment gets the shipment form, the buyer of a shipped one 'Confirm
 * receipt' (asks first: it pays the seller).
 */
export function TransactionItem({ transaction: t }: { transaction: InboxTransaction }) {
  const titleId = `transaction-${t.id}-title`;
  const note = nextStep(t);
  return (
    <article aria-labelledby={titleId} className="bg-surface space-y-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words">
            <Link to={t.href} className="hover:underline">
              {t.listingTitle}
            </Link>
          </h3>
          <p className="text-muted-foreground text-sm">
            {t.role === "seller" ? "Sale" : "Purchase"} · <Time value={t.createdAt} />
          </p>
        </div>
        <StatusBadge status={t.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{formatCents(t.amountCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Platform fee</dt>
          <dd className="tabular-nums">{formatCents(t.platformFeeCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Seller amount</dt>
          <dd className="tabular-nums">{formatCents(t.sellerAmountCents)}</dd>
        </div>
      </dl>
      {t.carrier && t.trackingNumber ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Shipped with </span>
          {t.carrier}, tracking <span className="font-mono break-all">{t.trackingNumber}</span>
          {t.shippedAt ? (
            <span className="text-muted-foreground">
              {" "}
              on <Time value={t.shippedAt} />
            </span>
          ) : null}
        </p>
      ) : null}
      {t.completedAt ? (
        <p className="text-muted-foreground text-sm">
          Completed <Time value={t.completedAt} />
        </p>
      ) : null}
      {note ? <p className="text-muted-foreground text-sm">{note}</p> : null}
      {t.role === "seller" && t.status === "awaiting_shipment" ? (
        <ShipmentForm transactionId={t.id} />
      ) : null}
      {t.role === "buyer" && t.status === "shipped" ? (
        <ConfirmAction
          action="/marketplace/offers"
          fields={{ intent: "confirm-receipt", transactionId: t.id, tab: "sales" }}
          size="sm"
          label="Confirm receipt"
          title={`Did ${t.listingTitle} arrive?`}
          description={`Confirming releases ${formatCents(t.amountCents)} from escrow: the seller receives ${formatCents(t.sellerAmountCents)} and the platform its fee. This cannot be undone.`}
          confirmLabel="Confirm receipt"
        />
      ) : null}
    </article>
  );
}
