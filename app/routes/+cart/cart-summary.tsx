import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import type { CartLine } from "~/.server/cart/cart";
import { STORE_SHIPPING, STORE_SHIPPING_NOTE } from "~/lib/shipping";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { Button } from "~/components/ui/button";
import { FormError, TextField } from "~/components/ui/form-controls";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { resultFor, type IntentReply } from "~/lib/intent-reply";
import { formatCents, type Cents } from "~/lib/money";
import { checkoutSchema, type CheckoutAddress } from "~/lib/schemas/cart";
import { CheckoutReviewDialog } from "./checkout-review-dialog";

/** The address fields of the checkout form: name, label, autocomplete, prefill key, max length. */
const ADDRESS_FIELDS = [
  { name: "fullName", label: "Full Name", autoComplete: "name", from: "fullName", max: 100 },
  {
    name: "street",
    label: "Street address",
    autoComplete: "street-address",
    from: "address",
    max: 200,
  },
  { name: "city", label: "City", autoComplete: "address-level2", from: "city", max: 100 },
  { name: "state", label: "State", autoComplete: "address-level1", from: "state", max: 2 },
  { name: "zip", label: "ZIP code", autoComplete: "postal-code", from: "zip", max: 10 },
] as const;

/**
 * The cart total and the checkout form (docs/product/cart-and-orders.md; docs/design.md "Decisions beyond the spec": orders are paid from
 * the wallet and ship to a validated address): the shipping address, prefilled from the saved
 * one (/account), checked with the shared schema on blur and on submit, each error beside its
 * field (the server's too); then 'Proceed to Checkout' opens the review (line items, address,
 * shipping, total, what the wallet is debited: docs/decisions/044-confirm-before-money-moves.md),
 * whose 'Place order' posts the form with the render's idempotency key ('Processing...',
 * disabled while submitting). The wallet's available balance is shown; when it is below the
 * total, a link to Add funds (coming back here). An unverified user sees the resend notice
 * instead of a usable button (docs/product/accounts-and-security.md: money needs a verified email).
 */
export function CartSummary({
  lines,
  totalCents,
  availableCents,
  address,
  idempotencyKey,
  email,
  emailVerified,
  actionData,
}: {
  lines: CartLine[];
  totalCents: Cents;
  availableCents: Cents;
  address: RedeemAddress;
  idempotencyKey: string;
  email: string;
  emailVerified: boolean;
  actionData: IntentReply | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [review, setReview] = useState<{ formData: FormData; address: CheckoutAddress } | null>(
    null,
  );
  const processing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const short = availableCents < totalCents;
  const [form, fields] = useForm<z.input<typeof checkoutSchema>, z.output<typeof checkoutSchema>>({
    id: "checkout",
    lastResult: resultFor(actionData, "checkout"),
    defaultValue: Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field.name, address[field.from]]),
    ),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A valid form opens the review; its 'Place order' sends it.
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status === "success") setReview({ formData, address: submission.value });
    },
  });
  return (
    <section aria-label="Order summary" className="bg-surface space-y-4 rounded-xl border p-5">
      <p className="flex items-baseline justify-between text-lg">
        <span>Total</span>
        <span className="font-bold tabular-nums">{formatCents(totalCents)}</span>
      </p>
      <p className="flex items-baseline justify-between text-sm">
        <span>Shipping</span>
        <span>{STORE_SHIPPING}</span>
      </p>
      <p className="text-muted-foreground text-sm">
        {STORE_SHIPPING_NOTE} Paid from your wallet ({formatCents(availableCents)} available).
      </p>
      {short ? (
        <p className="text-sm">
          Insufficient balance.{" "}
          <Link to="/wallet?redirectTo=%2Fcart" className="text-accent font-medium underline">
            Add funds
          </Link>
        </p>
      ) : null}
      {emailVerified ? null : <VerifyEmailNotice email={email} purpose="check out" />}
      <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="Checkout">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Shipping address</legend>
          {ADDRESS_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              field={fields[field.name]}
              required
              maxLength={field.max}
              autoComplete={`shipping ${field.autoComplete}`}
            />
          ))}
          <p className="text-muted-foreground text-xs">
            US addresses only: a 2-letter state code and a 5-digit ZIP code or ZIP+4.
          </p>
        </fieldset>
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" size="lg" className="w-full" disabled={processing || !emailVerified}>
          {processing ? "Processing..." : "Proceed to Checkout"}
        </Button>
      </Form>
      <CheckoutReviewDialog
        address={review?.address ?? null}
        lines={lines}
        totalCents={totalCents}
        availableCents={availableCents}
        onBack={() => setReview(null)}
        onPlaceOrder={() => {
          if (review) void submit(review.formData, { method: "post", action: "/cart" });
          setReview(null);
        }}
      />
    </section>
  );
}
