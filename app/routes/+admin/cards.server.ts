import { listAllCards, type AdminCard } from "~/.server/admin/cards";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import type { AdminTabServer } from "./tab-contract";

/** Cards (docs/product/administration.md): every user's cards, read-only, with search. */
export const cardsTab: AdminTabServer<Paged<AdminCard> & { q: string }> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return { ...(await listAllCards(ctx, query)), q: query.q };
  },
  intents: {},
};
