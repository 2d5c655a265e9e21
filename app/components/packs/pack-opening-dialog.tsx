import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { rarityLabel } from "~/lib/domain/rarity";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { formatCents } from "~/lib/money";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { PackOpeningStage } from "./pack-opening-stage";
import { PackReveal } from "./pack-reveal";
import type { PackOpening } from "./use-pack-opening";
import type { PullJson } from "./open-pack";

/** What screen readers hear when the card is revealed. */
function revealAnnouncement({ card }: PullJson): string {
  return `You pulled ${card.name}: ${rarityLabel(card.rarity)}, grade ${card.grade.toFixed(1)}, estimated value ${formatCents(card.estimatedValueCents)}.`;
}

/**
 * The pack opening dialog (docs/product/packs-and-fairness.md), for /pack/{id} and
 * the home page's pack row; `usePackOpening` drives it. Opening and revealing show the pack
 * shaking and tearing with 'Opening...' / 'Revealing...'; the dialog cannot be dismissed then
 * (the purchase is on its way). Revealed shows the slab and the four actions (PackReveal) and can
 * be closed with its X button or Escape, except while a buyback is being processed.
 *
 * Accessibility: a modal Radix dialog (focus trapped, restored to Open on close); focus starts
 * on the dialog itself and moves to the first action once revealed; the stage and the pull are
 * announced through a polite live status line.
 */
export function PackOpeningDialog({
  opening,
  onClose,
  defaultAddress,
}: {
  opening: PackOpening | null;
  onClose: () => void;
  /** The redeem form's prefill (the user's saved address). */
  defaultAddress: RedeemAddress | null;
}) {
  const content = useRef<HTMLDivElement>(null);
  /** What had focus when the dialog opened (the Open button): it gets it back on close. */
  const opener = useRef<HTMLElement | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  /** Whether an action of the reveal is under way (a buyback): the dialog then stays. */
  const [held, setHeld] = useState(false);
  const stage = opening?.stage;
  const dismissible = stage === "revealed";

  return (
    <Dialog.Root
      open={opening !== null}
      onOpenChange={(next) => {
        if (!next && dismissible && !held) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <Dialog.Content
          ref={content}
          tabIndex={-1}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            content.current?.focus();
          }}
          // Radix returns focus to a Dialog.Trigger; this dialog has none, so back to Open.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          data-stage={stage}
          className="bg-surface fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border p-4 shadow-2xl outline-none sm:p-6"
        >
          {opening ? (
            <>
              <Dialog.Title className="pr-10 text-base font-semibold sm:text-lg">
                {dismissible
                  ? `Your pull from ${opening.pack.name}`
                  : `Opening ${opening.pack.name}`}
              </Dialog.Title>
              <Dialog.Description asChild>
                <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
                  {stage === "opening"
                    ? "Opening..."
                    : stage === "revealing"
                      ? "Revealing..."
                      : opening.pull
                        ? revealAnnouncement(opening.pull)
                        : ""}
                </p>
              </Dialog.Description>

              {stage === "revealed" && opening.pull ? (
                <PackReveal
                  key={opening.attempt}
                  pull={opening.pull}
                  onClose={onClose}
                  onBusyChange={setHeld}
                  defaultAddress={defaultAddress}
                />
              ) : (
                <div className="flex flex-col items-center gap-5 py-6 sm:py-8">
                  <PackOpeningStage
                    pack={opening.pack}
                    stage={stage === "revealing" ? "revealing" : "opening"}
                    pull={opening.pull}
                    reducedMotion={reducedMotion}
                  />
                  <p aria-hidden="true" className="text-muted-foreground text-sm font-medium">
                    {stage === "revealing" ? "Revealing..." : "Opening..."}
                  </p>
                </div>
              )}

              {dismissible ? (
                <Dialog.Close asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="absolute top-3 right-3"
                    aria-label="Close"
                    disabled={held}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              ) : null}
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
