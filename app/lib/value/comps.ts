/** The source of a comp that is a PackVault marketplace sale (docs/product/value.md "Comps"). */
export const COMP_SOURCE_PACKVAULT = "PackVault";

/** What the pages say where a card, grader and grade has no estimate (never $0). */
export const NO_ESTIMATE = "No estimate yet";

/** A listing this much above the FMV (basis points over it) is flagged in the listing dialog. */
export const ABOVE_FMV_WARNING_BP = 5_000;

/** The fields of an imported comp: the CSV header (in this order) or each JSON object's keys. */
export const COMP_IMPORT_COLUMNS = [
  "card",
  "grader",
  "grade",
  "price",
  "date",
  "source",
  "url",
] as const;
