import { useState } from "react";
import { Link } from "react-router";
import type { VaultCard } from "~/.server/vault/vault";
import { formatGrade } from "~/lib/art/slab-card";
import { SlabCert, SlabFront } from "~/components/cards/slab-cert";
import { SlabImage } from "~/components/cards/slab-image";
import { slabCardOf } from "~/lib/art/slab-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { ProveInVault } from "~/components/reserves/prove-in-vault";
import { SellNowButton } from "~/components/market/sell-now-button";
import { AcceptBuybackButton } from "~/components/vault/accept-buyback-button";
import { RedeemDialog, type RedeemAddress } from "~/components/vault/redeem-dialog";
import { CardLink } from "~/components/value/card-link";
import { CardWorth } from "./card-worth";

/** A card that left the vault, as its badge says it (spec: "Listed" or "Sold"). */
const STATUS_LABELS: Record<Exclude<VaultCard["status"], "vaulted">, string> = {
  listed: "Listed",
  sold: "Sold",
  redeemed: "Redeemed",
  in_auction: "In auction",
};

/** What a vaulted card's buttons need from the page. */
export type CardActionsContext = {
  /** This page's path and query, where the forms come back to. */
  redirectTo: string;
  defaultAddress: RedeemAddress | null;
};

/**
 * A vaulted card's actions (spec "Vault"): 'Sell Now ${amount}' while a buyback offer is
 * active, 'Sell now for $X' while a standing bid matches the slab, 'List on Market' (to /marketplace with the create-listing state for this card),
 * 'Auction' (to 'Start an auction'), 'Redeem' (the 'Redeem Physical Card' dialog) and, for a
 * slab, 'Bids & Sell now' (its card's standing bids, docs/product/market.md "Standing bids").
 */
function CardActions({
  card,
  redirectTo,
  defaultAddress,
}: { card: VaultCard } & CardActionsContext) {
  const [redeeming, setRedeeming] = useState(false);
  const describedBy = `vault-card-${card.id}-name`;
  return (
    <div className="flex flex-col gap-2">
      {card.activeOffer ? (
        <AcceptBuybackButton
          offer={card.activeOffer}
          cardName={card.name}
          label="Sell Now"
          redirectTo={redirectTo}
          aria-describedby={describedBy}
        />
      ) : null}
      {card.bestBid && card.catalogueCardId ? (
        <SellNowButton
          catalogueCardId={card.catalogueCardId}
          bid={card.bestBid}
          userCardId={card.id}
          redirectTo={redirectTo}
          aria-describedby={describedBy}
        />
      ) : null}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-2">
        <Button asChild variant="outline" size="sm">
          <Link
            to="/marketplace"
            state={{ createListing: true, cardId: card.id }}
            aria-describedby={describedBy}
          >
            List on Market
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={`/auctions/new?cardId=${card.id}`} aria-describedby={describedBy}>
            Auction
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRedeeming(true)}
          aria-describedby={describedBy}
        >
          Redeem
        </Button>
        {card.catalogueCardId ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/auctions/cards/${card.catalogueCardId}`} aria-describedby={describedBy}>
              Bids &amp; Sell now
            </Link>
          </Button>
        ) : null}
      </div>
      {card.slab ? <ProveInVault cardId={card.id} describedBy={describedBy} /> : null}
      <RedeemDialog
        card={card}
        open={redeeming}
        onOpenChange={setRedeeming}
        redirectTo={redirectTo}
        defaultAddress={defaultAddress}
      />
    </div>
  );
}

/**
 * One card of the vault (docs/product/vault.md): its graded slab, rarity
 * badge, a status badge when it left the vault, name, description, grade (one decimal) and
 * estimated value; a vaulted card also gets its actions. Beside the slab on phones, under it
 * from 640 px.
 */
export function VaultCardTile({ card, ...context }: { card: VaultCard } & CardActionsContext) {
  const nameId = `vault-card-${card.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="bg-surface grid h-full grid-cols-[6.5rem_minmax(0,1fr)] gap-4 rounded-xl border p-4 sm:grid-cols-1"
    >
      <div className="sm:bg-surface-2 flex justify-center sm:rounded-lg sm:py-4">
        <SlabFront
          slab={card.slab}
          name={card.name}
          className="h-auto w-full rounded sm:w-36"
          fallback={<SlabImage card={slabCardOf(card)} loading="lazy" className="w-full sm:w-36" />}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <RarityBadge rarity={card.rarity} />
          {card.status === "vaulted" ? null : <Badge>{STATUS_LABELS[card.status]}</Badge>}
        </div>
        <h3 id={nameId} className="font-semibold">
          <CardLink cardId={card.catalogueCardId}>{card.name}</CardLink>
        </h3>
        <p className="text-muted-foreground line-clamp-3 text-sm">{card.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 pt-1 text-sm">
          <div>
            <dt className="text-muted-foreground">Grade</dt>
            <dd className="font-semibold tabular-nums">{formatGrade(card.grade)}</dd>
          </div>
          <CardWorth card={card} />
          <div className="col-span-2">
            <dt className="text-muted-foreground">Cert</dt>
            <dd>
              <SlabCert slab={card.slab} />
            </dd>
          </div>
        </dl>
      </div>
      {card.status === "vaulted" ? (
        <div className="col-span-2 sm:col-span-1">
          <CardActions card={card} {...context} />
        </div>
      ) : null}
    </article>
  );
}

/** A grid of card tiles, named for assistive technology by `label`. */
export function VaultCardGrid({
  cards,
  label,
  ...context
}: { cards: VaultCard[]; label: string } & CardActionsContext) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {cards.map((card) => (
        <li key={card.id}>
          <VaultCardTile card={card} {...context} />
        </li>
      ))}
    </ul>
  );
}
