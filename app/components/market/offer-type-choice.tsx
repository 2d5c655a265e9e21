import { cn } from "~/lib/cn";

/**
 * The Make Offer form's 'Offer type' radio group (make-offer-dialog.tsx): Buy (an amount) or
 * Trade (an item), posted as `name`, Buy checked at first; `value` is the type chosen, outlined.
 */
export function OfferTypeChoice({ name, value }: { name: string; value: "buy" | "trade" }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Offer type</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            { value: "buy", label: "Buy", hint: "Offer an amount" },
            { value: "trade", label: "Trade", hint: "Offer an item" },
          ] as const
        ).map((option) => (
          <label
            key={option.value}
            className={cn(
              "has-[:focus-visible]:ring-accent flex cursor-pointer flex-col rounded-lg border p-3 has-[:focus-visible]:ring-2",
              value === option.value && "border-accent bg-surface-2",
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={option.value === "buy"}
                className="accent-[var(--accent)]"
              />
              {option.label}
            </span>
            <span className="text-muted-foreground text-xs">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
