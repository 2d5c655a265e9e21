/** One line of an audit row's change: a field with its value before and after. */
export type AuditChange = { field: string; before: string | null; after: string | null };

const compact = (value: unknown): string | null =>
  value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The fields an audit row changed, in compact JSON: for two objects, each field whose value
 * differs (`{email: a}` -> `{email: b}` gives one line); a creation (before null) or a deletion
 * (after null) lists every field of the other side; anything else is one line '(value)'.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  if (b || a) {
    const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return fields
      .map((field) => ({
        field,
        before: b ? compact(b[field]) : null,
        after: a ? compact(a[field]) : null,
      }))
      .filter((change) => !b || !a || change.before !== change.after);
  }
  if (before == null && after == null) return [];
  return [
    { field: "(value)", before: compact(before ?? undefined), after: compact(after ?? undefined) },
  ];
}
