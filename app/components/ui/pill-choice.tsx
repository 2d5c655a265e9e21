/**
 * A row of round toggle buttons, one per option, of which one is chosen (aria-pressed): the
 * group is named `label` for screen readers; `text` is what each button says; `className` lays
 * the group out. The buttons' look is the `.pill-choice` component class (app/app.css), not
 * classes repeated on each button: a card page is served whole from the page cache, every byte
 * on every hit (docs/decisions/057-a-body-blind-bench-client.md).
 */
export function PillChoice<T extends string | number>({
  label,
  options,
  chosen,
  onChoose,
  text = String,
  className,
}: {
  label: string;
  options: readonly T[];
  chosen: T;
  onChoose: (option: T) => void;
  text?: (option: T) => string;
  className: string;
}) {
  return (
    <div role="group" aria-label={label} className={`pill-choice ${className}`}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === chosen}
          onClick={() => onChoose(option)}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
