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

/** Cards a vault grid shows at first, and how many more each 'Show more cards' adds. */
export const VAULT_PAGE_SIZE = 24;
/** The most pages a grid shows at once (`?shown=` is capped there). */
const VAULT_MAX_PAGES = 100;

/**
 * How many cards the Vaulted and All Cards grids show, from `?shown=`: a whole number of pages
 * of {@link VAULT_PAGE_SIZE} (rounded up), one page by default or for anything else, at most
 * 100 pages (docs/decisions/048-collector-pages-in-fewer-statements.md).
 */
export function parseVaultShown(value: string | null): number {
  const shown = Number(value);
  if (!Number.isSafeInteger(shown) || shown <= VAULT_PAGE_SIZE) return VAULT_PAGE_SIZE;
  return Math.min(Math.ceil(shown / VAULT_PAGE_SIZE), VAULT_MAX_PAGES) * VAULT_PAGE_SIZE;
}
