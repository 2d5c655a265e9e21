import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { z } from "zod";
import type { AccountProfile } from "~/lib/domain/account";
import { Button } from "~/components/ui/button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { withoutKey } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { REDEMPTION_COUNTRY } from "~/lib/schemas/redemption";
import { redeemFormSchema } from "~/lib/schemas/vault";
import type { IntentReply } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";

/** The address the redeem form starts with; every field may be empty. */
export type RedeemAddress = {
  fullName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

/**
 * The redeem form's prefill for a signed-in user (a loader calls it with `getAccount`): their
 * name and their saved default shipping address (/account, Profile tab), empty where none.
 */
export function redeemAddressOf(account: Pick<AccountProfile, "fullName" | "address">) {
  const saved = account.address;
  return {
    fullName: account.fullName,
    address: saved?.street ?? "",
    city: saved?.city ?? "",
    state: saved?.state ?? "",
    zip: saved?.zip ?? "",
  } satisfies RedeemAddress;
}

type RedeemFetcher = FetcherWithComponents<IntentReply>;

/**
 * The shipping fields of the redeem form: name, label, autocomplete token, `maxLength` (the
 * shared schema's limits) and any input mode or class; the last two (state, ZIP) share a row.
 */
const ADDRESS_FIELDS = [
  { name: "shippingName", label: "Full Name", autoComplete: "shipping name", max: 100 },
  {
    name: "shippingAddress",
    label: "Street Address",
    autoComplete: "shipping street-address",
    max: 200,
  },
  { name: "shippingCity", label: "City", autoComplete: "shipping address-level2", max: 100 },
  {
    name: "shippingState",
    label: "State",
    autoComplete: "shipping address-level1",
    max: 2,
    className: "uppercase",
  },
  {
    name: "shippingZip",
    label: "ZIP Code",
    autoComplete: "shipping postal-code",
    max: 10,
    inputMode: "numeric",
  },
] as const satisfies readonly {
  name: keyof z.input<typeof redeemFormSchema>;
  label: string;
  autoComplete: string;
  max: number;
  className?: string;
  inputMode?: "numeric";
}[];

type RedeemDialogProps = {
  card: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where POST /vault sends the browser back to, with its toast (a same-site path). */
  redirectTo: string;
  defaultAddress: RedeemAddress | null;
};

/**
 * 'Redeem Physical Card' (docs/product/vault.md): Full Name,
 * Street Address, City, State (2 letters), ZIP Code (at most 10), the country fixed to USA;
 * Cancel and 'Request Shipment' ('Processing...' while posting, not pressable twice). Checked
 * with the shared schema on blur and on submit, then posted to /vault (`intent=redeem`) with a
 * fetcher; errors the server finds are shown next to their fields. Closes itself once the
 * request went through (POST /vault redirects to `redirectTo` with the spec's toast).
 */
export function RedeemDialog({ open, onOpenChange, ...form }: RedeemDialogProps) {
  // Closes once the request went through (a redirect), and on a refusal without field errors
  // (its toast says why); with field errors it stays, showing them.
  const { fetcher, busy } = useFormFetcher(() => onOpenChange(false), {
    onRefused: (reply) => {
      if (Object.keys(reply.fieldErrors ?? {}).length === 0) onOpenChange(false);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Redeem Physical Card"
      description={
        <>
          We ship <span className="text-foreground font-medium">{form.card.name}</span> in its
          graded slab to this address within 5-7 business days. The card leaves your vault.
        </>
      }
    >
      <RedeemForm {...form} fetcher={fetcher} />
    </Dialog>
  );
}

/** The form inside the dialog: mounted on each opening, so it starts from the prefill. */
function RedeemForm({
  card,
  redirectTo,
  defaultAddress,
  fetcher,
}: Omit<RedeemDialogProps, "open" | "onOpenChange"> & { fetcher: RedeemFetcher }) {
  const busy = fetcher.state !== "idle";
  // An answer from before this opening (closed with errors, opened again) is not shown.
  const [staleResult] = useState(fetcher.data?.result);
  const result = fetcher.data?.result;
  const [form, fields] = useForm<z.input<typeof redeemFormSchema>>({
    id: `redeem-${card.id}`,
    lastResult: result === staleResult ? undefined : result,
    constraint: getZodConstraint(redeemFormSchema),
    defaultValue: {
      shippingName: defaultAddress?.fullName ?? "",
      shippingAddress: defaultAddress?.address ?? "",
      shippingCity: defaultAddress?.city ?? "",
      shippingState: defaultAddress?.state ?? "",
      shippingZip: defaultAddress?.zip ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redeemFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const text = (field: FieldMetadata<string>) => withoutKey(getInputProps(field, { type: "text" }));
  const addressField = (spec: (typeof ADDRESS_FIELDS)[number]) => (
    <Field key={spec.name} label={spec.label} field={fields[spec.name]}>
      <Input
        key={fields[spec.name].key}
        {...text(fields[spec.name])}
        autoComplete={spec.autoComplete}
        maxLength={spec.max}
        inputMode={"inputMode" in spec ? spec.inputMode : undefined}
        className={"className" in spec ? spec.className : undefined}
      />
    </Field>
  );

  return (
    <fetcher.Form method="post" action="/vault" {...getFormProps(form)} className="mt-5 space-y-4">
      <input type="hidden" name="intent" value="redeem" />
      <input type="hidden" name="cardId" value={card.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {ADDRESS_FIELDS.slice(0, 3).map(addressField)}
      <div className="grid grid-cols-2 gap-4">{ADDRESS_FIELDS.slice(3).map(addressField)}</div>
      <div className="space-y-1.5">
        <label htmlFor={`redeem-${card.id}-country`} className="block text-sm font-medium">
          Country
        </label>
        <Input
          id={`redeem-${card.id}-country`}
          value={REDEMPTION_COUNTRY}
          readOnly
          aria-describedby={`redeem-${card.id}-country-hint`}
          className="bg-surface-2 text-muted-foreground"
        />
        <p id={`redeem-${card.id}-country-hint`} className="text-muted-foreground text-xs">
          We ship redemptions within the USA only.
        </p>
      </div>
      {form.errors ? (
        <p id={form.errorId} role="alert" className="text-danger text-sm">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogCancel disabled={busy} />
        <Button type="submit" disabled={busy}>
          {busy ? "Processing..." : "Request Shipment"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
