import { Link } from "react-router";
import { SaleProceeds } from "~/components/market/sale-proceeds";
import type { InboxOffer } from "~/.server/market/inbox";
import { ActionButton, ConfirmAction, type HiddenFields } from "~/components/market/confirm-action";
import { formatGrade } from "~/lib/art/slab-card";
import { SlabCert, SlabPhotos } from "~/components/cards/slab-cert";
import { Badge } from "~/components/ui/badge";
import { CardLink } from "~/components/value/card-link";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import type { OfferTab } from "./intents";
import { Time } from "~/components/ui/time";
import { PLATFORM_FEE_PERCENT, SELLER_SHARE_PERCENT } from "~/lib/rates";

const STATUS_STYLES: Record<string, string> = {
  pending: "border-amber-500/50 bg-amber-500/15 text-foreground",
  accepted: "border-green-500/50 bg-green-500/15 text-foreground",
  declined: "border-border bg-surface-2 text-muted-foreground",
  withdrawn: "border-border bg-surface-2 text-muted-foreground",
  expired: "border-border bg-surface-2 text-muted-foreground",
};

/** An offer's or a transaction's status as a badge ("awaiting_shipment" -> "Awaiting shipment"). */
export function StatusBadge({ status }: { status: string }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
  return <Badge className={STATUS_STYLES[status]}>{label}</Badge>;
}

/** What kind of offer it is, in words. */
function kindLabel(offer: InboxOffer): string {
  if (offer.kind === "trade") return "Card trade";
  return offer.offerType === "buy" ? "Buy offer" : "Trade offer";
}

/** The offer itself: the amount, the described item, or the offered cards. */
function OfferTerms({ offer }: { offer: InboxOffer }) {
  if (offer.kind === "trade") {
    const total = offer.cards.reduce((sum, card) => sum + card.estimatedValueCents, 0);
    return (
      <div className="space-y-2">
        <ul aria-label="Offered cards" className="divide-y rounded-lg border">
          {offer.cards.map((card) => (
            <li key={card.id} className="space-y-2 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="min-w-0 flex-1 font-medium">
                  <CardLink cardId={card.slab?.cardId ?? null}>{card.name}</CardLink>
                </span>
                <RarityBadge rarity={card.rarity} />
                <span className="text-muted-foreground">Grade {formatGrade(card.grade)}</span>
                <SlabCert slab={card.slab} />
                <span className="font-semibold tabular-nums">
                  {formatCents(card.estimatedValueCents)}
                </span>
              </div>
              <SlabPhotos slab={card.slab} name={card.name} />
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground text-sm">
          {offer.cards.length} {offer.cards.length === 1 ? "card" : "cards"}, total value{" "}
          <span className="text-foreground font-semibold">{formatCents(total)}</span>
        </p>
      </div>
    );
  }
  if (offer.offerType === "buy" && offer.amountCents !== null) {
    return (
      <p className="text-sm">
        Offers{" "}
        <span className="text-lg font-bold tabular-nums">{formatCents(offer.amountCents)}</span>{" "}
        <span className="text-muted-foreground">
          (listed at {formatCents(offer.listingPriceCents)})
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">Offers in trade: </span>
      <span className="break-words">{offer.tradeItemDescription}</span>
    </p>
  );
}

/**
 * The seller's answer to a pending offer: Accept asks first (a buy offer sells at its amount
 * and the buyer pays from their wallet; a card trade swaps the cards; other pending offers are
 * declined), Decline acts at once.
 */
function SellerActions({ offer, tab }: { offer: InboxOffer; tab: OfferTab }) {
  const trade = offer.kind === "trade";
  const idField: HiddenFields = trade ? { tradeRequestId: offer.id } : { offerId: offer.id };
  const what =
    offer.kind === "trade"
      ? `the ${offer.cards.length === 1 ? "card" : `${offer.cards.length} cards`} offered by ${offer.counterpart}`
      : offer.offerType === "buy" && offer.amountCents !== null
        ? formatCents(offer.amountCents)
        : `the item ${offer.counterpart} described`;
  const description =
    offer.kind === "trade"
      ? `${offer.listingTitle} goes to ${offer.counterpart}'s vault and their cards come to yours, at once. Other pending offers on it are declined.`
      : offer.offerType === "buy"
        ? `${offer.counterpart} pays ${what} from their wallet; you receive ${SELLER_SHARE_PERCENT} after the ${PLATFORM_FEE_PERCENT} platform fee. Other pending offers on it are declined.`
        : `The listing closes and you arrange the exchange with ${offer.counterpart}. Other pending offers on it are declined.`;
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmAction
        action="/marketplace/offers"
        fields={{ intent: trade ? "accept-trade" : "accept-offer", ...idField, tab }}
        size="sm"
        label="Accept"
        title={`Accept ${what} for ${offer.listingTitle}?`}
        description={description}
        confirmLabel="Accept offer"
        body={
          offer.kind === "offer" && offer.offerType === "buy" && offer.amountCents !== null ? (
            <SaleProceeds priceCents={offer.amountCents} />
          ) : undefined
        }
      />
      <ActionButton
        action="/marketplace/offers"
        fields={{ intent: trade ? "decline-trade" : "decline-offer", ...idField, tab }}
        size="sm"
        variant="outline"
        working="Declining..."
      >
        Decline
      </ActionButton>
    </div>
  );
}

/**
 * One offer or trade request on /marketplace/offers (docs/product/market.md): the listing (a link),
 * the other party, the terms (amount, described item or offered cards with name (a link to the
 * card's page, /cards/{id}), rarity, grade, grader and cert, value and slab photos), the message, status and date; for a pending one, the seller's Accept / Decline
 * (`side="received"`) or the sender's Withdraw (`side="made"`).
 */
export function OfferItem({
  offer,
  side,
  tab,
}: {
  offer: InboxOffer;
  side: "received" | "made";
  tab: OfferTab;
}) {
  const titleId = `${offer.kind}-${offer.id}-title`;
  const pending = offer.status === "pending";
  return (
    <article
      aria-labelledby={titleId}
      className={cn("bg-surface space-y-3 rounded-xl border p-4", !pending && "opacity-90")}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words">
            <Link to={`/marketplace/${offer.listingId}`} className="hover:underline">
              {offer.listingTitle}
            </Link>
          </h3>
          <p className="text-muted-foreground text-sm">
            {kindLabel(offer)} {side === "received" ? "from" : "to"}{" "}
            <span className="text-foreground">{offer.counterpart}</span> ·{" "}
            <Time value={offer.createdAt} />
          </p>
        </div>
        <StatusBadge status={offer.status} />
      </div>
      <OfferTerms offer={offer} />
      <blockquote className="border-accent/60 text-muted-foreground border-l-2 pl-3 text-sm break-words whitespace-pre-line">
        {offer.message}
      </blockquote>
      {pending ? (
        side === "received" ? (
          <SellerActions offer={offer} tab={tab} />
        ) : (
          <ActionButton
            action="/marketplace/offers"
            fields={{
              intent: offer.kind === "trade" ? "withdraw-trade" : "withdraw-offer",
              ...(offer.kind === "trade" ? { tradeRequestId: offer.id } : { offerId: offer.id }),
              tab,
            }}
            size="sm"
            variant="outline"
            working="Withdrawing..."
          >
            Withdraw
          </ActionButton>
        )
      ) : null}
    </article>
  );
}
