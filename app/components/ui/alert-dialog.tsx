import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Radix AlertDialog root: a confirmation that interrupts (focus trapped, Escape cancels). */
export const AlertDialog = AlertDialogPrimitive.Root;
/** Opens the dialog; pass `asChild` with a Button. */
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
/** Closes the dialog without acting (focused first when it opens); pass `asChild` with a Button. */
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;

/**
 * The dialog over a dimmed page: a title, a description (both announced when it opens) and
 * the caller's body, usually a form with a Cancel and a confirm button.
 */
export function AlertDialogContent({
  title,
  description,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof AlertDialogPrimitive.Content>, "title"> & {
  title: string;
  description: ReactNode;
}) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70" />
      <AlertDialogPrimitive.Content
        className={cn(
          "bg-surface fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border p-5 shadow-xl sm:p-6",
          className,
        )}
        {...props}
      >
        <AlertDialogPrimitive.Title className="text-lg font-semibold">
          {title}
        </AlertDialogPrimitive.Title>
        <AlertDialogPrimitive.Description className="text-muted-foreground mt-2 text-sm">
          {description}
        </AlertDialogPrimitive.Description>
        <div className="mt-4">{children}</div>
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}
