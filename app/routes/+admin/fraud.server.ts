import {
  blockEntity,
  blockEntitySchema,
  unblockEntitySchema,
  loadFraudOverview,
  unblockEntity,
  type FraudOverview,
} from "~/.server/admin/fraud";
import { readPageQuery } from "~/.server/policy/paging";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/**
 * Fraud (docs/product/administration.md): blocked entities (paginated, searchable), suspicious activity and
 * login attempts; admins block and unblock. `today` (UTC, `YYYY-MM-DD`, from the request's
 * clock) is the block form's earliest end date: read here, so the server's page and the
 * browser's hydration agree on it.
 */
export const fraudTab: AdminTabServer<FraudOverview & { q: string; today: string }> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    const today = ctx.now().toISOString().slice(0, 10);
    return { ...(await loadFraudOverview(ctx, query)), q: query.q, today };
  },
  intents: {
    "block-entity": adminIntent({
      capability: "manageFraud",
      schema: blockEntitySchema,
      successTitle: "Entity blocked successfully",
      errorTitle: "Error blocking entity",
      fieldOf: {
        invalid_block: "blockedUntil",
        own_email: "entityValue",
        already_blocked: "entityValue",
      },
      run: async (ctx, input) => {
        await blockEntity(ctx, input);
      },
    }),
    "unblock-entity": adminIntent({
      capability: "manageFraud",
      schema: unblockEntitySchema,
      successTitle: "Entity unblocked successfully",
      errorTitle: "Error unblocking entity",
      run: (ctx, input) => unblockEntity(ctx, input),
    }),
  },
};
