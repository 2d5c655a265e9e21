import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Landmark } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import type { z } from "zod";
import type { WalletReply } from "../wallet";
import { WalletCard } from "./wallet-card";
import { usePostingIntent } from "~/components/account-ui/posting-intent";
import type { Withdrawable } from "~/.server/wallet/withdrawals";
import { Button } from "~/components/ui/button";
import { FormError, TextField } from "~/components/ui/form-controls";
import { resultFor, type IntentReply } from "~/lib/intent-reply";
import { formatCents } from "~/lib/money";
import { WITHDRAWAL_LIMITS_CENTS, withdrawSchema, type WithdrawForm } from "~/lib/schemas/wallet";
import { Time } from "~/components/ui/time";
import { WithdrawConfirmDialog } from "./withdraw-confirm-dialog";

type WithdrawValue = z.output<typeof withdrawSchema>;

/** What the form needs of the withdrawal state, as it travels from the loader. */
export type WithdrawableJson = Omit<Withdrawable, "locked"> & {
  locked: { amountCents: number; availableOn: string | Date }[];
};

/**
 * The 'Withdraw funds' form (docs/decisions/009-held-offers-and-payouts.md): Amount (at least
 * $10, at most what is withdrawable now), Routing number, Account number; checked with the
 * shared schema on blur and on submit, then confirmed in a dialog (amount, bank account, fee;
 * never skipped) and posted with this render's idempotency key. Above it,
 * what can be withdrawn now and each recent card top-up's 'Available to withdraw on {date}'.
 */
export function WithdrawFundsForm({
  idempotencyKey,
  state,
  actionData,
}: {
  idempotencyKey: string;
  state: WithdrawableJson;
  actionData: IntentReply<WalletReply> | undefined;
}) {
  const submit = useSubmit();
  const [asking, setAsking] = useState<{ formData: FormData; withdrawal: WithdrawValue } | null>(
    null,
  );
  const processing = usePostingIntent("withdraw");
  const [form, fields] = useForm<WithdrawForm, WithdrawValue>({
    id: "withdraw",
    lastResult: resultFor(actionData, "withdraw"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: withdrawSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A valid form asks first; the confirmation sends it.
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status === "success") setAsking({ formData, withdrawal: submission.value });
    },
  });
  const min = formatCents(WITHDRAWAL_LIMITS_CENTS.min, { compact: true });
  return (
    <WalletCard
      id="withdraw"
      icon={Landmark}
      title="Withdraw funds"
      lead={
        <>
          Withdrawable now:{" "}
          <span className="text-foreground font-semibold tabular-nums">
            {formatCents(state.withdrawableCents)}
          </span>
        </>
      }
    >
      {state.locked.length > 0 ? (
        <ul aria-label="Recent card top-ups" className="mt-2 space-y-1 text-sm">
          {state.locked.map((topUp, i) => (
            <li key={i} className="text-muted-foreground">
              {formatCents(topUp.amountCents)} from a card top-up: Available to withdraw on{" "}
              <Time value={topUp.availableOn} />
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action="/wallet" {...getFormProps(form)} className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField
          label="Amount (USD)"
          field={fields.amount}
          description={`At least ${min}.`}
          dollars
          placeholder="25.00"
          maxLength={9}
        />
        <TextField
          label="Routing number"
          field={fields.routingNumber}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
        />
        <TextField
          label="Account number"
          field={fields.accountNumber}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" size="lg" variant="outline" className="w-full" disabled={processing}>
          {processing ? "Processing..." : "Withdraw funds"}
        </Button>
      </Form>
      <WithdrawConfirmDialog
        withdrawal={asking?.withdrawal ?? null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void submit(asking.formData, { method: "post", action: "/wallet" });
          setAsking(null);
        }}
      />
      <p className="text-muted-foreground mt-4 text-xs">
        Sandbox: routing number <span className="font-mono">110000000</span> with any 4-17 digit
        account number is paid; account <span className="font-mono">000111111116</span> fails and is
        refunded. A withdrawal is paid once approved (automatically after a minute here).
      </p>
    </WalletCard>
  );
}
