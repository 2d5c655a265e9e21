import type { PublicSnapshot } from "~/.server/reserves/snapshots";

/** A snapshot's public data as `/reserves/{id}.json` serves it (snake_case, money in cents). */
export const snapshotJson = (snapshot: PublicSnapshot) => ({
  format: "packvault-reserve-snapshot",
  version: 1,
  id: snapshot.id,
  created_at: snapshot.createdAt.toISOString(),
  root: snapshot.root,
  leaf_count: snapshot.leafCount,
  trigger: snapshot.trigger,
  totals: Object.fromEntries(
    Object.entries(snapshot.totals).map(([state, t]) => [
      state,
      { count: t.count, fmv_cents: t.fmvCents },
    ]),
  ),
  hash: "SHA-256, leaf = H(0x00 || leaf text), node = H(0x01 || left || right), LeanIMT",
});
