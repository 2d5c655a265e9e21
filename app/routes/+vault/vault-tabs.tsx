import { BadgeDollarSign, Layers, Vault as VaultIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { EmptyVault } from "./empty-vault";
import { OffersList } from "./offers-list";
import { VaultCardGrid } from "./vault-card";
import type { VaultCard } from "~/.server/vault/vault";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { parseVaultTab, type VaultTab } from "~/lib/schemas/vault";

const TABS: { value: VaultTab; label: string; icon: typeof VaultIcon }[] = [
  { value: "vaulted", label: "Vaulted", icon: VaultIcon },
  { value: "all", label: "All Cards", icon: Layers },
  { value: "offers", label: "Buyback Offers", icon: BadgeDollarSign },
];

/** A plain left click, which Radix has already turned into a tab change. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The tabs of /vault (spec packs-marketplace section 2 "Vault": Vaulted, All Cards, Buyback
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
  const navigate = useNavigate();
  const tab = parseVaultTab(new URLSearchParams(location.search).get("tab"));
  const redirectTo = `${location.pathname}${location.search}`;
  const select = (next: string) =>
    navigate(`?tab=${next}`, { replace: true, preventScrollReset: true });
  const vaulted = cards.filter((card) => card.status === "vaulted");

  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Vault sections">
        {TABS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}`}
              onClick={(event) => isPlainClick(event) && event.preventDefault()}
            >
              <Icon className="size-4 max-sm:hidden" aria-hidden="true" />
              {label}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
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
    </Tabs>
  );
}
