-- The house accounts (platform, escrow) stop caching a balance: from now on their balance is
-- the sum of their wallet_entries (docs/decisions/011-pack-drop-throughput.md). Their entries
-- already sum to the cached value, so clearing it loses nothing.
UPDATE "wallet_accounts" SET "balance_cents" = 0, "updated_at" = now() WHERE "kind" <> 'user';
