import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A slab's card name as a link to its catalogue card's page, `/cards/{cardId}` (its values,
 * price history and listings: docs/product/value.md "A card's page"); plain text for a card
 * with no catalogue card (a pull from before real slabs).
 */
export function CardLink({ cardId, children }: { cardId: number | null; children: ReactNode }) {
  if (cardId === null) return <>{children}</>;
  return (
    <Link to={`/cards/${cardId}`} className="underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
