import { z } from "zod";
import { TOAST_KINDS, type Toast } from "./toast";

/**
 * What a toast from the server must look like (a flash cookie is read back through it, see
 * app/.server/toast.ts): the {@link Toast} shape with bounded lengths. Kept apart from
 * app/lib/toast.ts so that showing a toast never loads Zod in the browser.
 */
export const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(TOAST_KINDS),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
});
