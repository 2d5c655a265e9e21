import {
  blockEntity,
  loadFraudOverview,
  unblockEntity,
  type FraudOverview,
} from "~/.server/admin/fraud";
import { readPageQuery } from "~/.server/admin/paging";
import type { AdminTabServer } from "./tab-contract";

/**
 * Fraud (docs/product/administration.md): blocked entities (paginated, searchable), suspicious activity and
 * login attempts; admins block and unblock.
 */
export const fraudTab: AdminTabServer<FraudOverview & { q: string }> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return { ...(await loadFraudOverview(ctx, query)), q: query.q };
  },
  intents: {
    "block-entity": {
      capability: "manageFraud",
      successTitle: "Entity blocked successfully",
      errorTitle: "Error blocking entity",
      run: async (ctx, form) => {
        await blockEntity(ctx, {
          entityType: form.get("entityType"),
          entityValue: form.get("entityValue"),
          reason: form.get("reason"),
          blockedUntil: form.get("blockedUntil"),
        });
      },
    },
    "unblock-entity": {
      capability: "manageFraud",
      successTitle: "Entity unblocked successfully",
      errorTitle: "Error unblocking entity",
      run: (ctx, form) => unblockEntity(ctx, { blockId: form.get("blockId") }),
    },
  },
};
