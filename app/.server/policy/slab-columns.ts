import { slabs } from "../db/schema";

/**
 * The slab columns a card shows collectors (grader, cert, photos, its catalogue card), to select beside a card
 * left-joined to its slab and turn into a CardSlab with `cardSlabOf` (app/lib/slabs.ts).
 */
export const cardSlabColumns = {
  id: slabs.id,
  cardId: slabs.cardId,
  grader: slabs.grader,
  cert: slabs.cert,
  frontImageUrl: slabs.frontImageUrl,
  backImageUrl: slabs.backImageUrl,
};
