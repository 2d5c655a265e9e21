import { Link } from "react-router";
import { SlabCert, SlabPhotos } from "~/components/cards/slab-cert";
import { SlabImage } from "~/components/cards/slab-image";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { formatGrade } from "~/lib/art/slab-card";
import { formatCents } from "~/lib/money";
import type { PullJson } from "./open-pack";
import { pulledSlab } from "./pack-opening-stage";

/**
 * The pulled card as the reveal shows it (pack-reveal.tsx): the slab, rarity badge, name (with a
 * link to its value and sales when it is a real slab), description, condition, grade to one
 * decimal, estimated value, cert and photos.
 */
export function PulledCard({ pull }: { pull: PullJson }) {
  const { card } = pull;
  const details = [
    { term: "Condition", value: card.condition },
    { term: "Grade", value: formatGrade(card.grade) },
    { term: "Estimated value", value: formatCents(card.estimatedValueCents) },
  ];
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-4 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-x-5">
      <SlabImage
        card={pulledSlab(pull)}
        className="w-full rounded-[0.6rem] shadow-xl sm:row-span-2 sm:rounded-[1rem]"
      />
      <div className="flex min-w-0 flex-col gap-2 sm:gap-3">
        <RarityBadge rarity={card.rarity} className="self-start" />
        <h3 className="text-xl font-bold tracking-tight text-balance sm:text-2xl">{card.name}</h3>
        {card.slab ? (
          <Link
            to={`/cards/${card.slab.cardId}`}
            className="text-accent self-start text-sm underline underline-offset-2"
          >
            Its value and sales<span className="sr-only">: {card.name}</span>
          </Link>
        ) : null}
        <p className="text-muted-foreground text-sm">{card.description}</p>
      </div>
      <dl className="col-span-2 grid grid-cols-3 gap-2 sm:col-span-1 sm:col-start-2">
        {details.map(({ term, value }) => (
          <div key={term} className="bg-surface-2 rounded-lg border px-3 py-2">
            <dt className="text-muted-foreground text-xs">{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="col-span-2 text-sm sm:col-span-1 sm:col-start-2">
        <span className="text-muted-foreground">Slab </span>
        <SlabCert slab={card.slab} />
      </p>
      <div className="col-span-2 sm:col-span-1 sm:col-start-2">
        <SlabPhotos slab={card.slab} name={card.name} />
      </div>
    </div>
  );
}
