import { z } from "zod";
import { redemptionSchema } from "./redemption";

/** A positive database id sent by a form ("12"); anything else is refused. */
const id = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .regex(/^[1-9]\d{0,9}$/, `${label} is not valid`)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, `${label} is not valid`));

/**
 * Every /vault form (docs/product/vault.md), told apart
 * by `intent`:
 * - accept-buyback: "Sell Now" on a card or "Accept" on an offer — `offerId`;
 * - redeem: the 'Redeem Physical Card' dialog — `cardId` and the shipping fields of
 *   {@link redemptionSchema} (State two letters, ZIP Code at most 10 characters).
 * Both may carry `redirectTo`, a path the route checks with safeRedirect (the pack opening
 * dialog posts here and comes back to its pack).
 */
export const vaultActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("accept-buyback"),
    offerId: id("Offer"),
    redirectTo: z.string().max(2000).optional(),
  }),
  redemptionSchema.extend({
    intent: z.literal("redeem"),
    redirectTo: z.string().max(2000).optional(),
  }),
]);

/** 'Sell Now' / 'Accept' on a buyback offer alone. */
export const acceptBuybackSchema = vaultActionSchema.options[0];
/** The redeem dialog's form alone (the `redeem` member of {@link vaultActionSchema}). */
export const redeemFormSchema = vaultActionSchema.options[1];
export type VaultAction = z.infer<typeof vaultActionSchema>;

/** The tabs of /vault, in order; the current one is `?tab=` (Vaulted by default). */
export const VAULT_TABS = ["vaulted", "all", "offers"] as const;
export type VaultTab = (typeof VAULT_TABS)[number];

/** The tab named by a `?tab=` value; anything else is the Vaulted tab. */
export function parseVaultTab(value: string | null): VaultTab {
  return VAULT_TABS.find((tab) => tab === value) ?? "vaulted";
}
