import { useEffect } from "react";
import { toast as sonner } from "sonner";
import { z } from "zod";

/** The toast kinds sonner styles differently (error is the destructive style). */
export const TOAST_KINDS = ["success", "error", "warning", "info"] as const;

/**
 * A toast the server asks a page to show (its wording is the message of the DomainError or the page): from an action's
 * answer, or a flash that survives a redirect (app/.server/toast.ts). `id` makes showing the same
 * toast twice (a re-render, a second effect run) a no-op.
 */
export const toastSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(TOAST_KINDS),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/**
 * Dismisses the error toasts still on screen: a success means the problem they named is over,
 * so an old 'Error' never stays beside the new 'Saved'.
 */
export function dismissErrorToasts(): void {
  for (const shown of sonner.getToasts()) {
    if ("type" in shown && shown.type === "error") sonner.dismiss(shown.id);
  }
}

/** Shows one toast; a success first clears the error toasts on screen ({@link dismissErrorToasts}). */
export function showToast({ id, kind, title, description }: Toast): void {
  if (kind === "success") dismissErrorToasts();
  sonner[kind](title, { id, description });
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
