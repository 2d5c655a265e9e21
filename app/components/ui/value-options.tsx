/**
 * The options of a `<select>` whose values come from a list: one `<option>` a value, shown by
 * its label in `labels` (a status's 'Offer made') or as the value itself (a category, a grade);
 * `placeholder`, when given, is a first empty option ('Select a category') the form's schema
 * refuses.
 */
export function ValueOptions<Value extends string>({
  values,
  labels,
  placeholder,
}: {
  values: readonly Value[];
  labels?: Readonly<Record<Value, string>>;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {labels ? labels[value] : value}
        </option>
      ))}
    </>
  );
}
