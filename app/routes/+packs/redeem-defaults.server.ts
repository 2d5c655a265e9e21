import type { AppLoadContext } from "react-router";
import { getAccount } from "~/.server/account/profile";
import { requestCtx } from "~/.server/request-context";
import { redeemAddressOf, type RedeemAddress } from "~/components/vault/redeem-dialog";

/**
 * The redeem form's prefill for the opening dialog's Redeem action (the signed-in user's name
 * and saved shipping address, /account); null for a visitor, who cannot open a pack.
 */
export async function redeemDefaults(context: AppLoadContext): Promise<RedeemAddress | null> {
  if (!context.user) return null;
  return redeemAddressOf(await getAccount(requestCtx(context)));
}
