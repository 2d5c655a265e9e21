import { z } from "zod";
import { EMAIL_CATEGORIES } from "../notifications";
import { recordIdSchema } from "./wishlist";

/** /notifications: mark one notification read. */
export const markReadSchema = z.object({ notificationId: recordIdSchema });
/** /notifications: mark them all read (no fields). */
export const markAllReadSchema = z.object({});

/** /unsubscribe: the signed link's three parameters, posted back from the confirm page. */
export const unsubscribeSchema = z.object({
  u: z.string().min(1).max(200),
  c: z.enum(EMAIL_CATEGORIES),
  s: z.string().min(1).max(200),
});

/**
 * /unsubscribe/one-click: the body a mail client posts for a one-click unsubscribe (RFC 8058);
 * the signed link's parameters are in the URL.
 */
export const oneClickUnsubscribeSchema = z.object({
  "List-Unsubscribe": z.literal("One-Click"),
});
