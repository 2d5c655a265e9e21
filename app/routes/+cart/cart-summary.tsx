import { Form, Link, useNavigation } from "react-router";
import { STORE_SHIPPING, STORE_SHIPPING_NOTE } from "~/lib/shipping";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { formatCents, type Cents } from "~/lib/money";

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
 * The cart total and the checkout form (docs/product/cart-and-orders.md; DESIGN.md: orders are paid from
 * the wallet and ship to a validated address): the shipping address, prefilled from the saved
 * one (/account), then 'Proceed to Checkout' ('Processing...', disabled while submitting) with
 * the render's idempotency key. The wallet's available balance is shown; when it is below the
 * total, a link to Add funds (coming back here). An unverified user sees the resend notice
 * instead of a usable button (docs/product/accounts-and-security.md: money needs a verified email).
 */
export function CartSummary({
  totalCents,
  availableCents,
  address,
  idempotencyKey,
  email,
  emailVerified,
}: {
  totalCents: Cents;
  availableCents: Cents;
  address: RedeemAddress;
  idempotencyKey: string;
  email: string;
  emailVerified: boolean;
}) {
  const navigation = useNavigation();
  const processing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const short = availableCents < totalCents;
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
      <Form method="post" className="space-y-3" aria-label="Checkout">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Shipping address</legend>
          {ADDRESS_FIELDS.map((field) => (
            <div key={field.name} className="space-y-1">
              <label htmlFor={`checkout-${field.name}`} className="block text-sm font-medium">
                {field.label}
              </label>
              <Input
                id={`checkout-${field.name}`}
                name={field.name}
                required
                maxLength={field.max}
                autoComplete={`shipping ${field.autoComplete}`}
                defaultValue={address[field.from]}
              />
            </div>
          ))}
          <p className="text-muted-foreground text-xs">
            US addresses only: a 2-letter state code and a 5-digit ZIP code or ZIP+4.
          </p>
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={processing || !emailVerified}>
          {processing ? "Processing..." : "Proceed to Checkout"}
        </Button>
      </Form>
    </section>
  );
}
