const MAX_ID = 2_147_483_647;

/**
 * The numeric pack id of /pack/{id} and /pack/{id}/open: a positive integer without leading
 * zeros that fits the database's integer column, or null.
 */
export function parsePackId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
