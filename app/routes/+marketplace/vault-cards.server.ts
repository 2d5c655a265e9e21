import type { AppLoadContext } from "react-router";
import { requestCtx } from "~/.server/request-context";
import { loadVault } from "~/.server/vault/vault";
import type { MarketVaultCard } from "~/components/market/market-card";

/**
 * The signed-in user's vaulted cards (the ones they can list or offer in a trade,
 * docs/product/vault.md "Card statuses"), highest value first, as the marketplace dialogs show them; [] for a visitor.
 */
export async function vaultedCards(context: AppLoadContext): Promise<MarketVaultCard[]> {
  if (!context.user) return [];
  const { cards } = await loadVault(requestCtx(context));
  return cards
    .filter((card) => card.status === "vaulted")
    .sort((a, b) => b.estimatedValueCents - a.estimatedValueCents || b.id - a.id)
    .map((card) => ({
      id: card.id,
      name: card.name,
      description: card.description,
      rarity: card.rarity,
      grade: card.grade,
      estimatedValueCents: card.estimatedValueCents,
      packCategory: card.packCategory,
      certNumber: card.certNumber,
      slab: card.slab,
      buybackCents: card.activeOffer?.amountCents ?? null,
      fmv: card.worth.estimate,
    }));
}
