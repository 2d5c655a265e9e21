import { AccountFormSection, useAccountForm } from "./account-form";
import type { AccountActionData } from "../account";
import { TextField } from "~/components/ui/form-controls";
import { centsToDollars, formatCents, type Cents } from "~/lib/money";
import { packConfirmationSchema } from "~/lib/schemas/play";

/**
 * Limits tab: "Don't ask for packs under ($)" (docs/decisions/044-confirm-before-money-moves.md).
 * Blank (the default) asks before every pack; an amount lets cheaper packs open at once.
 * Withdrawals, checkout and buybacks always ask.
 */
export function PackConfirmationSection({
  underCents,
  actionData,
}: {
  underCents: Cents | null;
  actionData: AccountActionData | undefined;
}) {
  const [form, fields] = useAccountForm(
    "set-pack-confirmation",
    packConfirmationSchema,
    actionData,
    {
      under: centsToDollars(underCents),
    },
  );
  return (
    <AccountFormSection
      id="pack-confirmation"
      title="Confirm before opening"
      description="Before a pack is paid for, we show its price and your balance after it and ask you to confirm."
      intent="set-pack-confirmation"
      form={form}
      label="Save"
    >
      <TextField
        label="Don't ask for packs under ($)"
        field={fields.under}
        description={
          underCents === null
            ? "Now: we ask before every pack. Leave blank to keep it that way."
            : `Now: packs under ${formatCents(underCents)} open without asking. Leave blank to be asked before every pack.`
        }
        dollars
        placeholder="Always ask"
        maxLength={9}
      />
    </AccountFormSection>
  );
}
