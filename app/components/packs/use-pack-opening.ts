import { useCallback, useEffect, useRef, useState } from "react";
import { showAchievementToasts } from "~/lib/achievement-toasts";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { dismissErrorToasts, toast } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import { signInHref } from "~/lib/sign-in-href";
import { asksBeforeOpening } from "~/lib/pack-confirmation";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { requestOpenPack, type OpenPackOutcome, type PullJson } from "./open-pack";
import type { RealityCheckJson } from "~/components/play/reality-check-dialog";
import type { PackDialogsProps } from "./pack-dialogs";

/** docs/product/packs-and-fairness.md: the opening animation runs about 2 s, the reveal comes 1 s after the pull. */
export const OPENING_MS = 2000;
export const REVEAL_DELAY_MS = 1000;
/** Under prefers-reduced-motion there is no animation, only a short 'Opening...' state. */
export const REDUCED_OPENING_MS = 400;

/** The pack a dialog opens: what the wrapper art and the texts need. */
export type OpeningPack = {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  imageUrl: string | null;
};

/** Spec "Pack opening dialog": its three stages. */
export type OpeningStage = "opening" | "revealing" | "revealed";

/** One opening attempt on screen: `pull` is there from the revealing stage on. */
export type PackOpening = {
  /** The attempt's idempotency key (a UUID made when Open was pressed). */
  attempt: string;
  pack: OpeningPack;
  stage: OpeningStage;
  pull: PullJson | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The state machine of the pack opening dialog (docs/product/packs-and-fairness.md
 * "Opening a pack"), shared by /pack/{id} and the home page's pack row.
 *
 * `start(pack)`: a visitor gets `visitorMessage` and goes to /auth (back here after signing in).
 * Signed in, it first asks (`confirmation`: the pack and the wallet balance, answered by
 * `confirm` or `cancelConfirmation`; docs/decisions/044-confirm-before-money-moves.md) unless
 * the pack is priced below the collector's "Don't ask for packs under". Confirmed, it makes ONE
 * idempotency key for this press (crypto.randomUUID), shows the
 * 'opening' stage and posts to /pack/{id}/open; the stage lasts at least 2 s (0.4 s under
 * reduced motion), then 'revealing' for 1 s, then 'revealed' with the toast 'You pulled a
 * {rarity} card!'. A second press while an attempt is on screen does nothing. A refusal closes
 * the dialog and shows the toasts the seam answered with (routes/pack.open.ts: 'Please log in
 * to open packs' then its sign-in redirect, 'Pack is out of stock', 'Insufficient balance' with
 * 'Add funds', a responsible play refusal with the Limits tab, 'Failed to open pack'), or
 * 'Failed to open pack' when the server broke or the network did. A reality check due after the
 * pull waits until the dialog closes (`realityCheck`, dismissed with `endRealityCheck`).
 *
 * `close()` ends the attempt and revalidates the page's loaders (the pack, its stock, the
 * wallet balance in the header reload). A navigation (Vault, List, or the redirect after a
 * buyback or a redemption) also closes it.
 *
 * Returns `start` and `dialogs`: the props of `LazyPackDialogs` but the redeem form's
 * `defaultAddress` (`confirmation`, `opening` and `realityCheck` are null while none is shown),
 * so a page renders `<LazyPackDialogs {...dialogs} defaultAddress={...} />`.
 */
export function usePackOpening({
  visitorMessage,
}: {
  /** What a visitor is told before any request: 'Please sign in to purchase packs' on the detail page. */
  visitorMessage: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(root?.user);
  const [asking, setAsking] = useState<OpeningPack | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [opening, setOpening] = useState<PackOpening | null>(null);
  const [dueCheck, setDueCheck] = useState<RealityCheckJson | null>(null);
  /** The attempt on screen (null when none): timers of an ended attempt check it and stop. */
  const current = useRef<string | null>(null);
  /** The location the attempt started on: leaving it closes the dialog. */
  const startedOn = useRef(location.key);
  const here = location.pathname + location.search;

  useEffect(() => () => void (current.current = null), []);

  const close = useCallback(
    ({ reload = true }: { reload?: boolean } = {}) => {
      if (current.current === null) return;
      current.current = null;
      setOpening(null);
      if (reload) void revalidate();
    },
    [revalidate],
  );

  useEffect(() => {
    // A navigation loads the new page's data itself: close without another reload.
    if (current.current !== null && location.key !== startedOn.current) close({ reload: false });
  }, [location.key, close]);

  /** A refusal: the seam's toasts (their action buttons navigate here), then its redirect. */
  const refused = ({ toasts, redirect }: Extract<OpenPackOutcome, { ok: false }>) => {
    if (toasts.length === 0) toast.error("Failed to open pack");
    for (const { id, kind, title, description, action } of toasts) {
      toast[kind](title, {
        id,
        description,
        action: action && { label: action.label, onClick: () => void navigate(action.href) },
      });
    }
    if (redirect !== null) void navigate(redirect);
  };

  function start(pack: OpeningPack) {
    if (current.current !== null) return;
    if (!signedIn) {
      toast.error(visitorMessage);
      void navigate(signInHref(here));
      return;
    }
    if (asksBeforeOpening(pack.priceCents, root?.packConfirmUnderCents ?? null)) {
      setAsking(pack);
      return;
    }
    void open(pack);
  }

  /** The confirmation's 'Open': the question closes and the opening starts. */
  function confirm() {
    const pack = asking;
    setAsking(null);
    if (pack) void open(pack);
  }

  async function open(pack: OpeningPack) {
    if (current.current !== null) return;
    const attempt = crypto.randomUUID();
    current.current = attempt;
    startedOn.current = location.key;
    const startedAt = Date.now();
    const minimum = reducedMotion ? REDUCED_OPENING_MS : OPENING_MS;
    setOpening({ attempt, pack, stage: "opening", pull: null });

    const outcome = await requestOpenPack(pack.id, attempt, here);
    if (current.current !== attempt) return;
    if (!outcome.ok) {
      close();
      refused(outcome);
      return;
    }
    await sleep(minimum - (Date.now() - startedAt));
    if (current.current !== attempt) return;
    setOpening({ attempt, pack, stage: "revealing", pull: outcome.pull });
    await sleep(REVEAL_DELAY_MS);
    if (current.current !== attempt) return;
    setOpening({ attempt, pack, stage: "revealed", pull: outcome.pull });
    setDueCheck(outcome.realityCheck);
    dismissErrorToasts();
    toast.success(`You pulled a ${outcome.pull.card.rarity} card!`);
    showAchievementToasts(outcome.pull.achievements);
  }

  const dialogs: Omit<PackDialogsProps, "defaultAddress"> = {
    confirmation:
      asking === null ? null : { pack: asking, balanceCents: root?.walletBalanceCents ?? 0 },
    onConfirm: confirm,
    onCancelConfirmation: () => setAsking(null),
    opening,
    onClose: close,
    realityCheck: opening === null ? dueCheck : null,
    onRealityCheckDone: () => setDueCheck(null),
  };
  return { start, dialogs };
}
