/**
 * The keys of a status's label table, in their order, as a non-empty tuple for `z.enum`, a
 * select's options and the schema's `text({ enum })` and CHECK: the label table is the one list
 * of a status (docs/product/administration.md).
 */
export function statusesOf<Status extends string>(labels: Readonly<Record<Status, string>>) {
  return Object.keys(labels) as [Status, ...Status[]];
}
