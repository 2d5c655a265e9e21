import { decidePayout, listPayouts, type AdminPayout } from "~/.server/admin/payouts";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { payoutDecisionSchema } from "~/lib/schemas/admin";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Payouts tab shows: a page of withdrawals, the search, and whether they can be decided. */
export type PayoutsTabData = Paged<AdminPayout> & { q: string; canManage: boolean };

/**
 * Payouts (docs/decisions/009-held-offers-and-payouts.md): withdrawals, pending first; admins
 * approve (paid through the provider) or reject (refunded to the wallet), audited.
 */
export const payoutsTab: AdminTabServer<PayoutsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listPayouts(ctx, query)),
      q: query.q,
      canManage: can(ctx.actor?.role, "managePayouts"),
    };
  },
  intents: {
    "decide-payout": adminIntent({
      capability: "managePayouts",
      schema: payoutDecisionSchema,
      successTitle: "Withdrawal updated successfully",
      errorTitle: "Error updating withdrawal",
      run: async (ctx, input) => {
        const status = await decidePayout(ctx, input);
        const words = {
          paid: "Paid out to the bank account.",
          failed: "The bank refused the payout: the amount was refunded to the wallet.",
          rejected: "Rejected: the amount was refunded to the wallet.",
        } as const;
        return {
          description: status in words ? words[status as keyof typeof words] : `Status: ${status}.`,
        };
      },
    }),
  },
};
