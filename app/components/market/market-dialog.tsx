import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * A marketplace dialog (Radix Dialog: focus trapped, Escape closes, title and description
 * announced): a titled panel over the dimmed page, scrolling inside on short screens. While
 * `busy` (a form on its way), it cannot be closed: its answer decides.
 */
export function MarketDialog({
  open,
  onOpenChange,
  title,
  description,
  busy = false,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            "bg-surface fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border p-5 shadow-xl sm:p-6",
            className,
          )}
        >
          <Dialog.Title className="pr-8 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-muted-foreground mt-2 text-sm">
            {description}
          </Dialog.Description>
          {children}
          <Dialog.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-3 right-3"
              aria-label="Close"
              disabled={busy}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The Cancel button of a dialog's form. */
export function DialogCancel({ disabled }: { disabled?: boolean }) {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        Cancel
      </Button>
    </Dialog.Close>
  );
}
