import { Link } from "react-router";
import type { Route } from "../+types/marketplace.$id";
import { SlabCert, SlabPhotos } from "~/components/cards/slab-cert";
import { Time } from "~/components/ui/time";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { Fmv } from "~/components/value/fmv";
import { formatGrade } from "~/lib/art/slab-card";
import { formatCents } from "~/lib/money";

type Listing = Route.ComponentProps["loaderData"]["listing"];

/** One fact of the card panel. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/**
 * The listing page's panel for a linked graded card (docs/product/market.md "Listings"): its
 * name (a link to its catalogue page when it has one), fair market value, grade and grader,
 * rarity, cert number, slab photos and, for a pulled card, the pack, date and estimated value.
 */
export function GradedCardPanel({
  card,
  pull,
}: {
  card: NonNullable<Listing["card"]>;
  pull: Listing["pull"];
}) {
  return (
    <section aria-labelledby="listing-card" className="bg-surface space-y-4 rounded-xl border p-4">
      <h2 id="listing-card" className="text-lg font-semibold">
        Graded card
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact term="Card">
          {card.catalogueCardId !== null ? (
            <Link to={`/cards/${card.catalogueCardId}`} className="underline underline-offset-2">
              {card.name}
            </Link>
          ) : (
            card.name
          )}
        </Fact>
        {card.catalogueCardId !== null ? (
          <Fact term="Fair market value">
            <Fmv value={card.fmv} />
          </Fact>
        ) : null}
        <Fact term="Grade">
          {formatGrade(card.grade)}{" "}
          <span className="text-muted-foreground text-xs font-normal">
            {card.slab?.grader ?? "PackVault"}
          </span>
        </Fact>
        <Fact term="Rarity">
          <RarityBadge rarity={card.rarity} />
        </Fact>
        <Fact term="Cert number">
          <SlabCert slab={card.slab} />
        </Fact>
        {card.slab?.frontImageUrl || card.slab?.backImageUrl ? (
          <Fact term="Slab photos">
            <SlabPhotos slab={card.slab} name={card.name} />
          </Fact>
        ) : null}
        {pull ? (
          <>
            <Fact term="Pulled from">{pull.packName ?? "A PackVault pack"}</Fact>
            <Fact term="Pulled on">
              <Time value={pull.pulledAt} />
            </Fact>
            <Fact term="Estimated value">{formatCents(pull.estimatedValueCents)}</Fact>
          </>
        ) : null}
      </dl>
      <p className="text-muted-foreground text-sm">
        Held in the PackVault vault: when it sells or is traded, it moves to the new owner&apos;s
        vault at once.
      </p>
    </section>
  );
}
