import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles, userCards, type CardStatus } from "../db/schema";
import type { CardRarity } from "~/lib/domain/rarity";
import { readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";

/** One row of the Cards tab (docs/product/administration.md, user_card, with its owner). */
export type AdminCard = {
  id: number;
  cardName: string;
  rarity: CardRarity;
  /** One decimal, 1 to 10. */
  grade: number;
  estimatedValueCents: number;
  status: CardStatus;
  pulledAt: Date;
  ownerId: string;
  ownerEmail: string;
  ownerName: string;
};

/**
 * One page of every user's cards, newest pull first, matching `q` in the card's name or the
 * owner's email or name (case-insensitive), with the total of matches (docs/product/administration.md,
 * Cards: read-only, with owner and status).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAllCards(ctx: Ctx, { page, q }: PageQuery): Promise<Paged<AdminCard>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [userCards.cardName, profiles.email, profiles.fullName]);
  const matches = ctx.db
    .select({
      id: userCards.id,
      cardName: userCards.cardName,
      rarity: userCards.rarity,
      grade: userCards.grade,
      estimatedValueCents: userCards.estimatedValueCents,
      status: userCards.status,
      pulledAt: userCards.pulledAt,
      ownerId: profiles.id,
      ownerEmail: profiles.email,
      ownerName: profiles.fullName,
    })
    .from(userCards)
    .innerJoin(profiles, eq(profiles.id, userCards.userId))
    .where(where)
    .$dynamic();
  return readPage(ctx.db, page, matches, desc(userCards.pulledAt), desc(userCards.id));
}
