import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * A dialog holding a form (Radix Dialog: focus trapped, Escape closes, title and description
 * announced): a titled panel over the dimmed page, scrolling inside on short screens, with a
 * close button in its corner. `trigger`, when given, is the button that opens it (rendered
 * `asChild`); otherwise the caller opens it through `open`. While `busy` (its form on the way)
 * it cannot be closed: the answer decides (close it from the form's success). A destructive
 * action asks in an alert dialog instead (`alert-dialog.tsx`: Cancel is focused first).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  busy = false,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  trigger?: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}
    >
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <DialogPrimitive.Content
          className={cn(
            "bg-surface fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border p-5 shadow-xl sm:p-6",
            className,
          )}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-muted-foreground mt-2 text-sm">
            {description}
          </DialogPrimitive.Description>
          {children}
          <DialogCloseButton disabled={busy} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The "Close" (X) button in a dialog's top right corner; disabled while its form is on the way. */
export function DialogCloseButton({ disabled }: { disabled?: boolean }) {
  return (
    <DialogPrimitive.Close asChild>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-3 right-3"
        aria-label="Close"
        disabled={disabled}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </DialogPrimitive.Close>
  );
}

/** The Cancel button of a {@link Dialog}'s form: closes it without sending. */
export function DialogCancel({ disabled }: { disabled?: boolean }) {
  return (
    <DialogPrimitive.Close asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        Cancel
      </Button>
    </DialogPrimitive.Close>
  );
}
