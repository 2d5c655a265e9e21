/**
 * A row of round toggle buttons, one per option, of which one is chosen (aria-pressed): the
 * group is named `label` for screen readers; `text` is what each button says.
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
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === chosen}
          onClick={() => onChoose(option)}
          className="aria-pressed:bg-accent aria-pressed:text-accent-foreground rounded-full border px-3 py-1 text-sm"
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
