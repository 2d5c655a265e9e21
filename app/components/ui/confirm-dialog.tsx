import { useRef, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button } from "./button";

/**
 * The question asked before money moves or something cannot be undone
 * (docs/decisions/044-confirm-before-money-moves.md): an alert dialog with `title`,
 * `description` and an optional `body` (the amounts), a dismiss button (focused first, so Enter
 * on a misclick does nothing) and the confirm button that calls `onConfirm`. `trigger`, when
 * given, is the button that opens it (rendered `asChild`, focus returns to it); otherwise the
 * caller opens it through `open`, and focus returns to what had it when it opened. While `busy` (the confirmed action on its way) neither button
 * can be pressed, the confirm button reads `busyLabel`, and the dialog cannot be closed.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  body,
  confirmLabel,
  onConfirm,
  dismissLabel = "Cancel",
  busy = false,
  busyLabel = "Processing...",
  confirmDisabled = false,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /**
   * The button that closes the dialog doing nothing; name it for what it keeps ('Keep
   * listing') when the action itself is a cancellation, so no dialog offers 'Cancel' beside
   * 'Cancel listing'.
   */
  dismissLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  confirmDisabled?: boolean;
  /**
   * Called once the dialog has closed, just before focus returns to where it was (the trigger):
   * an action that opens another dialog starts here, so that one gives focus back there too.
   */
  onClosed?: () => void;
}) {
  /** What had focus when a dialog without a trigger opened: it gets it back on close. */
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent
        title={title}
        description={description}
        onOpenAutoFocus={() => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement ? active : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!trigger) {
            // Radix gives focus back to a trigger only; without one, back to the opener.
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }
          opener.current = null;
          onClosed?.();
        }}
      >
        {body}
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {dismissLabel}
            </Button>
          </AlertDialogCancel>
          <Button type="button" disabled={busy || confirmDisabled} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The amounts of a confirmation (`ConfirmDialog`'s `body`): a bordered list of terms, each with
 * its value right-aligned in tabular figures (docs/decisions/044-confirm-before-money-moves.md).
 */
export function ConfirmFacts({ rows }: { rows: readonly { term: string; value: ReactNode }[] }) {
  return (
    <dl className="bg-surface-2 divide-y rounded-lg border text-sm">
      {rows.map(({ term, value }) => (
        <div key={term} className="flex justify-between gap-3 px-3 py-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
