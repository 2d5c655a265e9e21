import { randomUUID } from "node:crypto";
import { addFunds } from "~/.server/wallet/top-up";
import { topUpSchema } from "~/lib/schemas/wallet";
import type { Collector } from "./commerce";
import type { TestDatabase } from "./db";
import { parsed } from "./forms";
import { asAt } from "./packs";

/**
 * `user` adds `dollars` to the wallet at `now` with the test card 4242… through the Add funds
 * form (docs/product/wallet.md), paid by `provider` (the sandbox unless given).
 */
export const cardTopUp = (
  db: TestDatabase,
  user: Collector,
  dollars: number,
  now: Date,
  provider?: Parameters<typeof addFunds>[2],
) =>
  addFunds(
    asAt(db, user, now),
    parsed(topUpSchema(new Date()), {
      amount: String(dollars),
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
      idempotencyKey: randomUUID(),
    }),
    provider,
  );
