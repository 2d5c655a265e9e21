// Types of bench-profiles.js, which the JavaScript benches run as plain JavaScript.

/** The profiles row of a made-up collector `id` (see bench-profiles.js). */
export function benchProfile<E extends object = Record<never, never>>(
  id: string,
  fullName: string,
  extra?: E,
): { id: string; email: string; fullName: string; emailVerified: boolean } & E;
