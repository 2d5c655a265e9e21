import { z } from "zod";

/** The opening dialog's form: one idempotency key per press of Open (made in the browser). */
export const openPackSchema = z.object({ idempotencyKey: z.uuid() });
