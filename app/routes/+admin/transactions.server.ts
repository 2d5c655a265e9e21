import { readPageQuery } from "~/.server/policy/paging";
import { listTransactions, type AdminTransactions } from "~/.server/admin/transactions";
import type { AdminTabServer } from "./tab-contract";

/** What the Transactions tab shows: a page of transactions with the totals, and the search. */
export type TransactionsTabData = AdminTransactions & { q: string };

/** Transactions (docs/product/administration.md): amounts, fee, status and dates, with totals; read-only. */
export const transactionsTab: AdminTabServer<TransactionsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return { ...(await listTransactions(ctx, query)), q: query.q };
  },
  intents: {},
};
