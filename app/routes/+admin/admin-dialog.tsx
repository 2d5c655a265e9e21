import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * A dialog of an /admin tab (an edit form): Radix Dialog (focus trapped, Escape closes, title
 * and description announced), scrolling inside on short screens. `trigger` is the button that
 * opens it (rendered `asChild`). Control it with `open`/`onOpenChange` and close it from the
 * form's `onSuccess`.
 */
export function AdminDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
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
          <div className="mt-4">{children}</div>
          <Dialog.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-3 right-3"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The Cancel button of an {@link AdminDialog}'s form (closes it without sending). */
export function AdminDialogCancel({ disabled }: { disabled?: boolean }) {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        Cancel
      </Button>
    </Dialog.Close>
  );
}
