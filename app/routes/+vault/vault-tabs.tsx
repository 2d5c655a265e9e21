import { BadgeDollarSign, Layers, Vault as VaultIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { EmptyVault } from "./empty-vault";
import { OffersList } from "./offers-list";
import { VaultCardGrid } from "./vault-card";
import type { VaultCard, VaultGrid } from "~/.server/vault/vault";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, type UrlTab } from "~/components/ui/url-tabs";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { VAULT_PAGE_SIZE, parseVaultTab, type VaultTab } from "~/lib/schemas/vault";

const TABS: UrlTab<VaultTab>[] = [
  { value: "vaulted", label: "Vaulted", icon: VaultIcon },
  { value: "all", label: "All Cards", icon: Layers },
  { value: "offers", label: "Buyback Offers", icon: BadgeDollarSign },
];

/**
 * The tabs of /vault (docs/product/vault.md: Vaulted, All Cards, Buyback
 * Offers; Radix Tabs). The tab lives in `?tab=` so it can be linked and survives a reload; each
 * trigger is a link to its URL, so tabs also work before JavaScript loads. Forms on a tab come
 * back to the same tab. A grid shows its first `shown` cards; 'Show more cards' is a link to
 * the same tab with a page more (`?shown=`), so it works before JavaScript loads too.
 */
export function VaultTabs({
  grids,
  offerCards,
  shown,
  now,
  defaultAddress,
}: {
  grids: { vaulted: VaultGrid; all: VaultGrid };
  /** The vaulted cards with an active buyback offer. */
  offerCards: VaultCard[];
  shown: number;
  now: Date;
  defaultAddress: RedeemAddress | null;
}) {
  const location = useLocation();
  const tab = parseVaultTab(new URLSearchParams(location.search).get("tab"));
  const redirectTo = `${location.pathname}${location.search}`;
  const gridOf = (value: "vaulted" | "all", label: string) => {
    const grid = grids[value];
    if (grid.total === 0) return <EmptyVault />;
    return (
      <>
        <VaultCardGrid
          cards={grid.cards}
          label={label}
          redirectTo={redirectTo}
          defaultAddress={defaultAddress}
        />
        {grid.total > grid.cards.length ? (
          <p className="mt-6 text-center">
            <Link
              to={`?tab=${value}&shown=${shown + VAULT_PAGE_SIZE}`}
              preventScrollReset
              className="text-accent font-medium underline"
            >
              Show more cards ({grid.cards.length} of {grid.total})
            </Link>
          </p>
        ) : null}
      </>
    );
  };

  return (
    <UrlTabs tab={tab} tabs={TABS} label="Vault sections" hideIconsOnMobile>
      <TabsContent value="vaulted">{gridOf("vaulted", "Vaulted cards")}</TabsContent>
      <TabsContent value="all">{gridOf("all", "All cards")}</TabsContent>
      <TabsContent value="offers">
        <OffersList cards={offerCards} now={now} redirectTo={redirectTo} />
      </TabsContent>
    </UrlTabs>
  );
}
