import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cards, products } from "../../db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The seeded storefront products that are single cards, by product name, and the catalogue
 * card each is (set, number, variant as in cards-data.ts): docs/design.md "Inventory (real slabs)",
 * the catalogue is "used by the storefront products where they are cards".
 */
const PRODUCT_CARDS: Record<string, { setName: string; number: string; variant: string }> = {
  "Charizard Base Set Holo PSA 9": { setName: "Pokemon Base Set", number: "4", variant: "Holo" },
  "Blastoise 1st Edition Shadowless": {
    setName: "Pokemon Base Set",
    number: "2",
    variant: "1st Edition Holo",
  },
  "Snorlax Jungle Holo PSA 10": { setName: "Pokemon Jungle", number: "11", variant: "Holo" },
  "Michael Jordan 1986 Fleer Rookie PSA 8": { setName: "Fleer", number: "57", variant: "Rookie" },
};

/** Links each seeded product of {@link PRODUCT_CARDS} to its catalogue card (in the seed's transaction). */
export async function linkProductCards(tx: Tx): Promise<void> {
  for (const [name, card] of Object.entries(PRODUCT_CARDS)) {
    const [found] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          eq(cards.setName, card.setName),
          eq(cards.number, card.number),
          eq(cards.variant, card.variant),
        ),
      );
    if (found) await tx.update(products).set({ cardId: found.id }).where(eq(products.name, name));
  }
}
