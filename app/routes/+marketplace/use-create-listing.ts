import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { MarketVaultCard } from "~/components/market/market-card";
import { signInHref } from "~/lib/sign-in-href";
import { marketSearch, parseId, type MarketQuery } from "./market-query";

/** The navigation state the vault and the pack dialog enter with (docs/product/market.md). */
function createListingState(state: unknown): { cardId: number | null } | null {
  if (typeof state !== "object" || state === null || !("createListing" in state)) return null;
  if (state.createListing !== true) return null;
  const cardId = "cardId" in state ? parseId(String(state.cardId)) : null;
  return { cardId };
}

/**
 * Whether 'Create a New Listing' is open on /marketplace, and for which vault card: opened by
 * the Create Listing button (`show`), or by entering with the navigation state `{ createListing:
 * true, cardId }` (the vault's 'List on Market', the pack dialog's List) or `?cardId=`. The card
 * goes into the URL so a reload keeps the dialog; a visitor is sent to /auth with 'Please sign
 * in to create a listing'; a card that is not in the user's vault is refused with a toast.
 */
export function useCreateListing({
  query,
  signedIn,
  vaultCards,
}: {
  query: MarketQuery;
  signedIn: boolean;
  vaultCards: MarketVaultCard[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const entry = createListingState(location.state);
  const entered = entry !== null;
  const cardId = query.cardId ?? entry?.cardId ?? null;
  const card = vaultCards.find((vaultCard) => vaultCard.id === cardId) ?? null;

  useEffect(() => {
    if (!entered && cardId === null) return;
    const withCard = (id: number | null) => `/marketplace${marketSearch(query, { cardId: id })}`;
    if (!signedIn) {
      toast.error("Please sign in to create a listing");
      void navigate(signInHref(withCard(cardId)), { replace: true });
    } else if (cardId !== null && !card) {
      toast.error("Failed to create listing", {
        description: "This card is no longer in your vault",
      });
      void navigate(withCard(null), { replace: true, preventScrollReset: true });
    } else if (entered && cardId !== null && query.cardId === null) {
      void navigate(withCard(cardId), { replace: true, preventScrollReset: true });
    }
  }, [entered, cardId, card, signedIn, query, navigate]);

  const onOpenChange = (open: boolean) => {
    if (open) return setShown(true);
    setShown(false);
    if (query.cardId !== null || entered) {
      void navigate(`/marketplace${marketSearch(query, { cardId: null })}`, {
        replace: true,
        preventScrollReset: true,
      });
    }
  };

  return {
    open: signedIn && (shown || entered || card !== null),
    card,
    show: () => setShown(true),
    onOpenChange,
  };
}
