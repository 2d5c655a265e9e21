import { useEffect } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

/** The toast kinds sonner styles differently (error is the destructive style). */
export const TOAST_KINDS = ["success", "error", "warning", "info"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

/**
 * A toast the server asks a page to show (its wording is the message of the DomainError or the
 * page): from an action's
 * answer, or a flash that survives a redirect (app/.server/toast.ts, which checks it against
 * `toastSchema` of app/lib/toast-schema.ts). `id` makes showing the same toast twice (a
 * re-render, a second effect run) a no-op.
 */
export type Toast = {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
  /**
   * A button that goes to `href` (a path of this site): shown where the page passes a way to
   * navigate (the pack opening, components/packs/use-pack-opening.ts); a flash drops it.
   */
  action?: { label: string; href: string };
};

type Sonner = typeof sonnerToast;

/**
 * Runs `use` with sonner's `toast` once sonner has loaded. Sonner is loaded on the first toast
 * (or when the shell mounts its Toaster after hydration), never with the page's first JavaScript
 * (docs/decisions/023-page-weight.md); calls keep their order, and a toast made before the
 * Toaster mounted still shows (sonner replays active toasts to a late Toaster).
 */
function withSonner(use: (sonner: Sonner) => void): void {
  void import("sonner").then(({ toast }) => use(toast));
}

/**
 * Sonner's `toast.success` / `toast.error` / `toast.warning` / `toast.info` with the same
 * arguments, loading sonner on first use ({@link withSonner}).
 */
export const toast: Record<ToastKind, (title: string, data?: ExternalToast) => void> = {
  success: (title, data) => withSonner((sonner) => sonner.success(title, data)),
  error: (title, data) => withSonner((sonner) => sonner.error(title, data)),
  warning: (title, data) => withSonner((sonner) => sonner.warning(title, data)),
  info: (title, data) => withSonner((sonner) => sonner.info(title, data)),
};

function dismissErrors(sonner: Sonner): void {
  for (const shown of sonner.getToasts()) {
    if ("type" in shown && shown.type === "error") sonner.dismiss(shown.id);
  }
}

/**
 * Dismisses the error toasts still on screen: a success means the problem they named is over,
 * so an old 'Error' never stays beside the new 'Saved'.
 */
export function dismissErrorToasts(): void {
  withSonner(dismissErrors);
}

/** Shows one toast; a success first clears the error toasts on screen ({@link dismissErrorToasts}). */
export function showToast({ id, kind, title, description }: Toast): void {
  withSonner((sonner) => {
    if (kind === "success") dismissErrors(sonner);
    sonner[kind](title, { id, description });
  });
}

/**
 * Shows `toasts` with sonner once they arrive (in the browser, after hydration too, so a form
 * posted before JavaScript loaded still gets its toast), in order; a success clears the
 * error toasts still on screen.
 */
export function useToasts(toasts: readonly Toast[] | null | undefined): void {
  useEffect(() => {
    for (const toast of toasts ?? []) showToast(toast);
  }, [toasts]);
}
