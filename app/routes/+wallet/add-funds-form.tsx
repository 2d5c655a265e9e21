import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CreditCard, FlaskConical } from "lucide-react";
import { Form } from "react-router";
import type { z } from "zod";
import type { WalletReply } from "../wallet";
import { WalletCard } from "./wallet-card";
import { usePostingIntent } from "~/components/account-ui/posting-intent";
import { resultFor, type IntentReply } from "~/lib/intent-reply";
import { formatExpiryInput } from "~/lib/schemas/wallet";
import { Button } from "~/components/ui/button";
import { FormError, TextField } from "~/components/ui/form-controls";
import { formatCents } from "~/lib/money";
import { TOP_UP_LIMITS_CENTS, topUpSchema, type TopUpForm } from "~/lib/schemas/wallet";

type TopUpValue = z.output<ReturnType<typeof topUpSchema>>;

/** Amounts one tap away, in dollars. */
const QUICK_AMOUNTS = ["25", "50", "100"] as const;

/**
 * The 'Add funds' form (docs/product/wallet.md "Adding funds"): Amount (USD, with one-tap amounts), Card number,
 * Expiry (MM/YY), CVC, checked with the shared schema on blur and on submit; 'Add funds'
 * ('Processing...', not pressable twice) posts with this render's idempotency key, so a double
 * submission or a retry adds the money once. `redirectTo` (a checked same-site path) is where
 * a successful top-up goes back to. The sandbox's test cards are named under the form.
 */
export function AddFundsForm({
  idempotencyKey,
  redirectTo,
  actionData,
}: {
  idempotencyKey: string;
  redirectTo: string | null;
  actionData: IntentReply<WalletReply> | undefined;
}) {
  const processing = usePostingIntent("add-funds");
  const [form, fields] = useForm<TopUpForm, TopUpValue>({
    id: "add-funds",
    lastResult: resultFor(actionData, "add-funds"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topUpSchema(new Date()) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const min = formatCents(TOP_UP_LIMITS_CENTS.min, { compact: true });
  const max = formatCents(TOP_UP_LIMITS_CENTS.max, { compact: true });

  return (
    <WalletCard
      id="add-funds"
      icon={CreditCard}
      title="Add funds"
      lead="Pay for packs and marketplace buys from your balance."
    >
      <Form method="post" action="/wallet" {...getFormProps(form)} className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="add-funds" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          label="Amount (USD)"
          field={fields.amount}
          description={`Between ${min} and ${max}.`}
          dollars
          autoComplete="transaction-amount"
          placeholder="50.00"
          maxLength={8}
        />
        <div role="group" aria-label="Quick amounts" className="flex flex-wrap gap-2">
          {QUICK_AMOUNTS.map((dollars) => (
            <Button
              key={dollars}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => form.update({ name: fields.amount.name, value: dollars })}
            >
              ${dollars}
            </Button>
          ))}
        </div>
        <TextField
          label="Card number"
          field={fields.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM/YY)"
            field={fields.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            onInput={(event) => {
              const input = event.currentTarget;
              const formatted = formatExpiryInput(input.value);
              if (formatted !== input.value) input.value = formatted;
            }}
          />
          <TextField
            label="CVC"
            field={fields.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
          />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" size="lg" className="w-full" disabled={processing}>
          {processing ? "Processing..." : "Add funds"}
        </Button>
      </Form>
      <aside
        aria-label="Sandbox payments"
        className="bg-surface-2 mt-5 flex gap-3 rounded-lg p-3 text-sm"
      >
        <FlaskConical className="text-accent mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          This is a sandbox: no real card is charged. Test card{" "}
          <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span> approves,{" "}
          <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> declines. Use any
          future expiry and any CVC.
        </p>
      </aside>
    </WalletCard>
  );
}
