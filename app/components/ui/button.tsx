import type { ComponentProps } from "react";
import { Slot } from "./slot";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

const variants = {
  primary: "bg-accent text-accent-foreground hover:opacity-90",
  secondary: "bg-surface-2 text-foreground hover:bg-border",
  outline: "border border-border bg-transparent text-foreground hover:bg-surface-2",
  ghost: "bg-transparent text-foreground hover:bg-surface-2",
} as const;
const sizes = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-9 w-9",
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
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      disabled={disabled || (needsScript && !hydrated) || undefined}
      {...props}
    />
  );
}
