import { PackageOpen } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { MarketVaultCard } from "./market-card";
import { OfferActions, OfferDialog, type OfferForm } from "./offer-dialog";
import { formatGrade } from "~/lib/art/slab-card";
import { SlabCert, SlabPhotos } from "~/components/cards/slab-cert";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";

const INTENT = "trade-offer";

type Props = {
  /** The card listing traded for; the dialog is open while it is set. */
  listing: { id: number; title: string } | null;
  onOpenChange: (open: boolean) => void;
  /** The user's vaulted cards (only those can be offered, docs/product/market.md). */
  cards: MarketVaultCard[];
  redirectTo: string;
  /** The page render's key: a doubled or retried submission is one trade offer. */
  idempotencyKey: string;
};

/**
 * The trade offer dialog (docs/product/market.md): the user's vaulted cards
 * with name, rarity badge, grade to one decimal, grader and cert (linking to the grader) and
 * slab photos, and value, picked with checkboxes (keyboard
 * accessible); the count and total offer value; an optional message (default 'Trade offer for
 * {listing title}'); Cancel and 'Send Trade Offer', disabled until a card is picked. Posted to
 * /marketplace (`intent=trade-offer`) with the page render's idempotency key. With no vaulted cards: 'You don't have any cards
 * available to trade'.
 */
export function TradeOfferDialog({ cards, ...dialog }: Props) {
  return (
    <OfferDialog
      {...dialog}
      intent={INTENT}
      title="Offer a Trade"
      describe={(listing) => (
        <>
          Pick cards from your vault to offer for{" "}
          <span className="text-foreground font-medium">{listing.title}</span>. If the seller
          accepts, the cards swap vaults at once.
        </>
      )}
    >
      {(listing, form) =>
        cards.length === 0 ? (
          <div className="mt-5 flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
            <PackageOpen className="text-muted-foreground size-8" aria-hidden="true" />
            <p className="font-medium">You don&apos;t have any cards available to trade</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/packs">Browse Packs</Link>
            </Button>
          </div>
        ) : (
          <TradeOfferForm key={listing.id} listing={listing} cards={cards} {...form} />
        )
      }
    </OfferDialog>
  );
}

function TradeOfferForm({
  listing,
  cards,
  fetcher,
  busy,
  hiddenFields,
}: Omit<Props, "onOpenChange" | "listing" | "redirectTo" | "idempotencyKey"> & {
  listing: { id: number; title: string };
} & OfferForm) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const id = useId();
  const toggle = (cardId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(cardId)) next.add(cardId);
      return next;
    });
  const total = cards
    .filter((card) => selected.has(card.id))
    .reduce((sum, card) => sum + card.estimatedValueCents, 0);
  const serverError =
    fetcher.data?.intent === INTENT ? fetcher.data.fieldErrors.cardIds?.[0] : null;

  return (
    <fetcher.Form method="post" action="/marketplace" className="mt-5 space-y-4">
      {hiddenFields}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Cards from your vault</legend>
        <ul className="max-h-72 space-y-2 overflow-y-auto pr-1">
          {cards.map((card) => {
            const checked = selected.has(card.id);
            return (
              <li key={card.id}>
                <label
                  className={cn(
                    "has-[:focus-visible]:ring-accent flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2",
                    checked && "border-accent bg-surface-2",
                  )}
                >
                  <input
                    type="checkbox"
                    name="cardIds"
                    value={card.id}
                    checked={checked}
                    onChange={() => toggle(card.id)}
                    className="size-4 shrink-0 accent-[var(--accent)]"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{card.name}</span>
                    <span className="text-muted-foreground mt-1 flex flex-wrap items-center gap-2 text-xs">
                      <RarityBadge rarity={card.rarity} />
                      <span>Grade {formatGrade(card.grade)}</span>
                      <SlabCert slab={card.slab} />
                    </span>
                    <span className="mt-2 block">
                      <SlabPhotos slab={card.slab} name={card.name} />
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">
                    {formatCents(card.estimatedValueCents)}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p
        id={`${id}-summary`}
        aria-live="polite"
        className="bg-surface-2 flex flex-wrap justify-between gap-2 rounded-lg px-3 py-2 text-sm"
      >
        {selected.size === 0 ? (
          <span className="text-muted-foreground">Please select at least one card to trade</span>
        ) : (
          <>
            <span>
              {selected.size} {selected.size === 1 ? "card" : "cards"} selected
            </span>
            <span>
              Total offer value: <span className="font-semibold">{formatCents(total)}</span>
            </span>
          </>
        )}
      </p>
      {serverError ? (
        <p role="alert" className="text-danger text-sm">
          {serverError}
        </p>
      ) : null}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-message`} className="block text-sm font-medium">
          Message (optional)
        </label>
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={2}
          maxLength={1000}
          placeholder={`Trade offer for ${listing.title}`}
          className="min-h-16"
        />
      </div>
      <OfferActions
        busy={busy}
        submit={{
          label: "Send Trade Offer",
          disabled: selected.size === 0,
          describedBy: `${id}-summary`,
        }}
      />
    </fetcher.Form>
  );
}
