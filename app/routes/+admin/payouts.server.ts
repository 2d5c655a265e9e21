import { decidePayout, listPayouts, type AdminPayout } from "~/.server/admin/payouts";
import { payoutDecisionSchema } from "~/lib/schemas/admin";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Payouts tab shows: a page of withdrawals, the search, and whether they can be decided. */
export type PayoutsTabData = PagedTabData<AdminPayout, "canManage">;

/**
 * Payouts (docs/decisions/009-held-offers-and-payouts.md): withdrawals, pending first; admins
 * approve (paid through the provider) or reject (refunded to the wallet), audited.
 */
export const payoutsTab: AdminTabServer<PayoutsTabData> = {
  load: loadPaged(listPayouts, { canManage: "managePayouts" }),
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
