import { Form, useNavigation } from "react-router";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { Button } from "~/components/ui/button";
import { formatCents, type Cents } from "~/lib/money";

/**
 * The cart total and 'Proceed to Checkout' (spec section 2, Cart): 'Processing...' and disabled
 * while the checkout is submitting; the form carries the render's idempotency key. An unverified
 * user sees the resend notice instead of a usable button (issue 3: money needs a verified email).
 */
export function CartSummary({
  totalCents,
  idempotencyKey,
  email,
  emailVerified,
}: {
  totalCents: Cents;
  idempotencyKey: string;
  email: string;
  emailVerified: boolean;
}) {
  const navigation = useNavigation();
  const processing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  return (
    <section aria-label="Order summary" className="bg-surface space-y-4 rounded-xl border p-5">
      <p className="flex items-baseline justify-between text-lg">
        <span>Total</span>
        <span className="font-bold tabular-nums">{formatCents(totalCents)}</span>
      </p>
      <p className="text-muted-foreground text-sm">No shipping or tax is added.</p>
      {emailVerified ? null : <VerifyEmailNotice email={email} purpose="check out" />}
      <Form method="post">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Button type="submit" size="lg" className="w-full" disabled={processing || !emailVerified}>
          {processing ? "Processing..." : "Proceed to Checkout"}
        </Button>
      </Form>
    </section>
  );
}
