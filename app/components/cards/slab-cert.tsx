import type { ReactNode } from "react";
import { ISSUED_BEFORE_INVENTORY, type CardSlab } from "~/lib/slabs";

/**
 * A card's grader and cert, the cert linking out to the grader's public verification page
 * (docs/design.md "Inventory (real slabs)"); for a card without a slab, the honest note that it was
 * issued before inventory-backed packs (never an invented cert).
 */
export function SlabCert({
  slab,
}: {
  slab: Pick<CardSlab, "grader" | "cert" | "verifyUrl"> | null;
}) {
  if (!slab) return <span className="text-muted-foreground">{ISSUED_BEFORE_INVENTORY}</span>;
  return (
    <span>
      {slab.grader}{" "}
      <a
        href={slab.verifyUrl}
        target="_blank"
        rel="noopener noreferrer external"
        className="font-mono underline underline-offset-2"
        aria-label={`Cert ${slab.cert}: verify with ${slab.grader} (opens the grader's site)`}
      >
        {slab.cert}
      </a>
    </span>
  );
}

/**
 * The slab's front and back photos, when they were taken in; nothing otherwise (the generated
 * slab art stands in for the front).
 */
export function SlabPhotos({ slab, name }: { slab: CardSlab | null; name: string }) {
  if (!slab?.frontImageUrl && !slab?.backImageUrl) return null;
  const sides = [
    { side: "front", url: slab.frontImageUrl },
    { side: "back", url: slab.backImageUrl },
  ].filter((photo): photo is { side: string; url: string } => photo.url !== null);
  return (
    <div className="flex gap-2">
      {sides.map(({ side, url }) => (
        <img
          key={side}
          src={url}
          alt={`${name}, ${side} of the ${slab.grader} slab, cert ${slab.cert}`}
          loading="lazy"
          className="h-auto w-20 rounded"
        />
      ))}
    </div>
  );
}

/**
 * The slab's front photo where one was taken in, else `fallback` (the card's generated slab
 * art): a tile shows the very slab when the vault has its picture.
 */
export function SlabFront({
  slab,
  name,
  fallback,
  className,
}: {
  slab: CardSlab | null;
  name: string;
  fallback: ReactNode;
  className?: string;
}) {
  if (!slab?.frontImageUrl) return <>{fallback}</>;
  return (
    <img
      src={slab.frontImageUrl}
      alt={`${name}, front of the ${slab.grader} slab, cert ${slab.cert}`}
      loading="lazy"
      className={className}
    />
  );
}
