import { asc } from "drizzle-orm";
import { requireStaff } from "../policy/permissions";
import type { Ctx } from "../context";
import { cards } from "../db/schema";

/** A catalogue card as a form offers it. */
export type CardChoice = { id: number; category: string; label: string };

/**
 * Every card of the catalogue, by category, set and number, labelled "Charizard (Holo), Base
 * Set #4, 1999", for the Inventory tab's "Add a slab" form.
 * @throws DomainError `forbidden` (403) for anyone but an admin.
 */
export async function listCardChoices(ctx: Ctx): Promise<CardChoice[]> {
  requireStaff(ctx, "manageInventory");
  const rows = await ctx.db
    .select()
    .from(cards)
    .orderBy(asc(cards.category), asc(cards.setName), asc(cards.number), asc(cards.id));
  return rows.map((card) => ({
    id: card.id,
    category: card.category,
    label: `${card.name}${card.variant ? ` (${card.variant})` : ""}, ${card.setName} #${card.number}, ${card.year}`,
  }));
}
