-- The two new house accounts (docs/decisions/009-held-offers-and-payouts.md): the amounts held
-- for pending buy offers, and withdrawals waiting to be paid out.
INSERT INTO "wallet_accounts" ("kind") VALUES ('holds'), ('payouts');
