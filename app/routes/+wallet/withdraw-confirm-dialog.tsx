import { ConfirmDialog, ConfirmFacts } from "~/components/ui/confirm-dialog";
import { formatCents } from "~/lib/money";
import type { Withdrawal } from "~/lib/schemas/wallet";

/**
 * 'Withdraw $x to your bank?' (docs/decisions/044-confirm-before-money-moves.md), asked before
 * every withdrawal and never skippable: the amount, the bank account it goes to (routing number
 * and the account's last four digits), the fee (none) and what arrives. Confirming sends the
 * form; Cancel (focused first) changes nothing.
 */
export function WithdrawConfirmDialog({
  withdrawal,
  onConfirm,
  onCancel,
}: {
  /** The form's parsed values, or null while nothing is asked. */
  withdrawal: Withdrawal | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const amount = withdrawal ? formatCents(withdrawal.amountCents) : "";
  const rows = withdrawal
    ? [
        { term: "Amount", value: amount },
        {
          term: "To",
          value: `Bank account ••••${withdrawal.bank.accountNumber.slice(-4)}, routing ${withdrawal.bank.routingNumber}`,
        },
        { term: "Fee", value: "None" },
        { term: "Paid to your bank", value: amount },
      ]
    : [];
  return (
    <ConfirmDialog
      open={withdrawal !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={`Withdraw ${amount} to your bank?`}
      description="The amount leaves your wallet balance now and is paid to this bank account once approved."
      body={<ConfirmFacts rows={rows} />}
      confirmLabel={`Withdraw ${amount}`}
      onConfirm={onConfirm}
    />
  );
}
