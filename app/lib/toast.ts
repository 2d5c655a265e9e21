import { useEffect } from "react";
import { toast as sonner } from "sonner";
import { z } from "zod";

/** The toast kinds sonner styles differently (error is the destructive style, spec section 8). */
export const TOAST_KINDS = ["success", "error", "warning", "info"] as const;

/**
 * A toast the server asks a page to show (spec storefront section 8 wording): from an action's
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
 * Shows `toasts` with sonner once they arrive (in the browser, after hydration too, so a form
 * posted before JavaScript loaded still gets its toast), in order.
 */
export function useToasts(toasts: readonly Toast[] | null | undefined): void {
  useEffect(() => {
    for (const { id, kind, title, description } of toasts ?? []) {
      sonner[kind](title, { id, description });
    }
  }, [toasts]);
}
