import type { ComponentProps } from "react";
import { Slot } from "./slot";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

// The classes live in app.css (`.btn`, `.btn-<variant>`, `.btn-<size>`), so each button's
// markup carries three short names instead of about 230 bytes of utilities.
const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  outline: "btn-outline",
  ghost: "btn-ghost",
} as const;
const sizes = {
  sm: "btn-sm",
  md: "btn-md",
  lg: "btn-lg",
  icon: "btn-icon",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the single child (a Link, an anchor) with button styles. */
  asChild?: boolean;
};

/**
 * The design system's button; `asChild` styles a Link as a button. A `type="button"` button
 * (a dialog trigger, a carousel arrow: anything only JavaScript can run; Radix triggers pass
 * this type), or one with an `onClick` and no type, is disabled until the page has hydrated, so it never looks pressable while it
 * does nothing. Submit buttons and links work without JavaScript and are never held back.
 */
export function Button({
  variant = "primary",
  size = "md",
  asChild,
  className,
  disabled,
  ...props
}: ButtonProps) {
  const hydrated = useHydrated();
  const Component = asChild ? Slot : "button";
  // Only script can run a type="button", or a button with no type whose work is its onClick.
  const needsScript =
    !asChild &&
    (props.type === "button" || (props.type === undefined && props.onClick !== undefined));
  return (
    <Component
      className={cn("btn", variants[variant], sizes[size], className)}
      disabled={disabled || (needsScript && !hydrated) || undefined}
      {...props}
    />
  );
}
