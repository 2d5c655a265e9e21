import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { formatCents } from "~/lib/money";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import type { SaleRow } from "~/.server/value/card-page";

/**
 * Staff's exclusion of one sale: a reason, then "Exclude", which asks first (an exclusion cannot
 * be undone: docs/decisions/044-confirm-before-money-moves.md) and posts to the card's page
 * (`intent=exclude-comp`); the schema's message shows under the field.
 */
export function ExcludeForm({ comp, onCancel }: { comp: SaleRow; onCancel: () => void }) {
  const [asking, setAsking] = useState<FormData | null>(null);
  const { fetcher, busy } = useFormFetcher(onCancel, { onRefused: () => setAsking(null) });
  const id = useId();
  const error =
    fetcher.data?.intent === "exclude-comp" ? fetcher.data.fieldErrors.reason?.[0] : undefined;
  const sale = `${comp.grade} sale for ${formatCents(comp.priceCents)} (${comp.source})`;
  return (
    <fetcher.Form
      method="post"
      className="mt-2 flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(new FormData(event.currentTarget));
      }}
    >
      <input type="hidden" name="intent" value="exclude-comp" />
      <input type="hidden" name="compId" value={comp.id} />
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-reason`} className="sr-only">
          Why this sale should not count
        </label>
        <Input
          id={`${id}-reason`}
          name="reason"
          placeholder="Why it should not count (outlier, shill sale...)"
          required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-danger mt-1 text-xs">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" variant="primary" disabled={busy}>
        Exclude
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Exclude this sale?"
        description={`The ${sale} stops counting in this card's values, which are recomputed without it. It stays listed here, marked excluded with your reason. This cannot be undone.`}
        body={<p className="text-sm">Reason: {String(asking?.get("reason") ?? "")}</p>}
        confirmLabel="Exclude sale"
        busy={busy}
        busyLabel="Excluding..."
        onConfirm={() => {
          if (asking) void fetcher.submit(asking, { method: "post" });
        }}
      />
    </fetcher.Form>
  );
}
