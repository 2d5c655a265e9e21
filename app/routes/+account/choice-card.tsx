import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * One option of an /account choice list: a bordered, clickable label around its control (a
 * checkbox or radio, given as `control`), an optional icon, and the option's `label` with a
 * `hint` under it; without a hint the label stands beside the control, centred.
 */
export function ChoiceCard({
  control,
  icon,
  label,
  hint,
  className,
}: {
  control: ReactNode;
  icon?: ReactNode;
  label: ReactNode;
  hint?: ReactNode;
  /** More classes for the card (e.g. the border of the checked option). */
  className?: string;
}) {
  return (
    <label
      className={cn(
        "hover:bg-surface-2 flex cursor-pointer gap-3 rounded-lg border p-3",
        hint === undefined ? "items-center text-sm" : "items-start",
        className,
      )}
    >
      {control}
      {icon}
      {hint === undefined ? (
        label
      ) : (
        <span className="min-w-0">
          <span className="block text-sm font-medium">{label}</span>
          <span className="text-muted-foreground block text-xs">{hint}</span>
        </span>
      )}
    </label>
  );
}

/** The classes of a {@link ChoiceCard}'s checkbox or radio placed at the top of a card with a hint. */
export const CHOICE_CONTROL = "accent-accent mt-0.5 size-4 shrink-0";
