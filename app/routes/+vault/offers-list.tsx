import { Clock } from "lucide-react";
import type { VaultCard } from "~/.server/vault/vault";
import { SlabImage } from "~/components/cards/slab-image";
import { slabCardOf } from "~/lib/art/slab-card";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { AcceptBuybackButton } from "~/components/vault/accept-buyback-button";
import { formatTimeLeft } from "~/components/vault/format";
import { formatCents } from "~/lib/money";
import { Time } from "~/components/ui/time";
import { CardLink } from "~/components/value/card-link";

type CardWithOffer = VaultCard & { activeOffer: NonNullable<VaultCard["activeOffer"]> };

/** The vaulted cards with an active buyback offer, the soonest to expire first. */
export function cardsWithOffers(cards: VaultCard[]): CardWithOffer[] {
  return cards
    .filter((card): card is CardWithOffer => card.status === "vaulted" && card.activeOffer !== null)
    .sort((a, b) => a.activeOffer.expiresAt.getTime() - b.activeOffer.expiresAt.getTime());
}

/** No offer to show (docs/product/vault.md, Offers tab). */
function NoOffers() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
      <Clock className="text-muted-foreground size-10" aria-hidden="true" />
      <h2 className="text-xl font-semibold">No active offers</h2>
      <p className="text-muted-foreground max-w-sm">Buyback offers expire after 24 hours</p>
    </div>
  );
}

/**
 * The Buyback Offers tab (spec "Vault"): each active offer with its card's name, estimated
 * value, expiry date and time left (counted from the loader's `now`, so server and browser
 * agree), and 'Accept ${amount}', which asks before it sells.
 */
export function OffersList({
  cards,
  now,
  redirectTo,
}: {
  cards: VaultCard[];
  now: Date;
  redirectTo: string;
}) {
  const offers = cardsWithOffers(cards);
  if (offers.length === 0) return <NoOffers />;
  return (
    <ul aria-label="Buyback offers" className="grid gap-4 lg:grid-cols-2">
      {offers.map((card) => {
        const nameId = `offer-${card.activeOffer.id}-name`;
        return (
          <li key={card.activeOffer.id}>
            <article
              aria-labelledby={nameId}
              className="bg-surface flex h-full flex-wrap items-center gap-4 rounded-xl border p-4"
            >
              <SlabImage card={slabCardOf(card)} loading="lazy" className="w-16 shrink-0" />
              <div className="min-w-0 flex-1 space-y-1">
                <RarityBadge rarity={card.rarity} />
                <h3 id={nameId} className="font-semibold">
                  <CardLink cardId={card.catalogueCardId}>{card.name}</CardLink>
                </h3>
                <p className="text-sm">
                  <span className="text-muted-foreground">Estimated value </span>
                  <span className="font-medium tabular-nums">
                    {formatCents(card.estimatedValueCents)}
                  </span>
                </p>
                <p className="text-muted-foreground text-sm">
                  Expires <Time value={card.activeOffer.expiresAt} />{" "}
                  <span className="whitespace-nowrap">
                    ({formatTimeLeft(card.activeOffer.expiresAt, now)})
                  </span>
                </p>
              </div>
              <AcceptBuybackButton
                offer={card.activeOffer}
                cardName={card.name}
                label="Accept"
                redirectTo={redirectTo}
                aria-describedby={nameId}
                className="w-full sm:w-auto"
              />
            </article>
          </li>
        );
      })}
    </ul>
  );
}
