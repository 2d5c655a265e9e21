const MAX_ID = 2_147_483_647;

/**
 * The numeric product id of /product/{id} and /art/product/{id}.svg: a positive integer
 * without leading zeros that fits the database's integer column, or null (the route answers 404).
 */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
