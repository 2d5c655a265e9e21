import { z } from "zod";

/** A client seed: 1-64 letters, digits, '-' or '_' (docs/product/packs-and-fairness.md). */
export const clientSeedSchema = z
  .string({ error: "Enter a client seed" })
  .trim()
  .min(1, "Enter a client seed")
  .max(64, "A client seed is at most 64 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, '-' or '_' only");

/** The /fairness forms: change the client seed, or rotate the seed pair. */
export const fairnessActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("client-seed"), clientSeed: clientSeedSchema }),
  z.object({ intent: z.literal("rotate") }),
]);
