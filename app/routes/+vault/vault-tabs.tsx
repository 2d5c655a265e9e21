import { BadgeDollarSign, Layers, Vault as VaultIcon } from "lucide-react";
import { useLocation } from "react-router";
import { EmptyVault } from "./empty-vault";
import { OffersList } from "./offers-list";
import { VaultCardGrid } from "./vault-card";
import type { VaultCard } from "~/.server/vault/vault";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, type UrlTab } from "~/components/ui/url-tabs";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { parseVaultTab, type VaultTab } from "~/lib/schemas/vault";

const TABS: UrlTab<VaultTab>[] = [
  { value: "vaulted", label: "Vaulted", icon: VaultIcon },
  { value: "all", label: "All Cards", icon: Layers },
  { value: "offers", label: "Buyback Offers", icon: BadgeDollarSign },
];

/**
 * The tabs of /vault (docs/product/vault.md: Vaulted, All Cards, Buyback
 * Offers; Radix Tabs). The tab lives in `?tab=` so it can be linked and survives a reload; each
 * trigger is a link to its URL, so tabs also work before JavaScript loads. Forms on a tab come
 * back to the same tab.
 */
export function VaultTabs({
  cards,
  now,
  defaultAddress,
}: {
  cards: VaultCard[];
  now: Date;
  defaultAddress: RedeemAddress | null;
}) {
  const location = useLocation();
  const tab = parseVaultTab(new URLSearchParams(location.search).get("tab"));
  const redirectTo = `${location.pathname}${location.search}`;
  const vaulted = cards.filter((card) => card.status === "vaulted");

  return (
    <UrlTabs tab={tab} tabs={TABS} label="Vault sections" hideIconsOnMobile>
      <TabsContent value="vaulted">
        {vaulted.length === 0 ? (
          <EmptyVault />
        ) : (
          <VaultCardGrid
            cards={vaulted}
            label="Vaulted cards"
            redirectTo={redirectTo}
            defaultAddress={defaultAddress}
          />
        )}
      </TabsContent>
      <TabsContent value="all">
        {cards.length === 0 ? (
          <EmptyVault />
        ) : (
          <VaultCardGrid
            cards={cards}
            label="All cards"
            redirectTo={redirectTo}
            defaultAddress={defaultAddress}
          />
        )}
      </TabsContent>
      <TabsContent value="offers">
        <OffersList cards={cards} now={now} redirectTo={redirectTo} />
      </TabsContent>
    </UrlTabs>
  );
}
