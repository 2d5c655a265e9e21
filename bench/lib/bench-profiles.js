// The collectors the database benchmarks make up (draw-log.ts, pack-drop.js, leaderboard.ts).
// Types: bench-profiles.d.ts.

/**
 * The profiles row of a made-up collector `id`: the address `<id>@bench.example` (a reserved
 * domain), `fullName`, the email verified; the columns in `extra` are added as they are.
 */
export function benchProfile(id, fullName, extra = {}) {
  return { id, email: `${id}@bench.example`, fullName, emailVerified: true, ...extra };
}
