import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { cn } from "~/lib/cn";
import type { Theme } from "~/lib/theme";

type Props = { theme: Theme; onChange: (theme: Theme) => void; compact?: boolean };

/** The sidebar's light/dark toggle, labelled 'Light' and 'Dark' (spec); one icon button when collapsed. */
export function ThemeToggle({ theme, onChange, compact }: Props) {
  const name = useId();
  if (compact) {
    const next: Theme = theme === "dark" ? "light" : "dark";
    const icon = next === "light" ? "sun" : "moon";
    return (
      <button
        type="button"
        onClick={() => onChange(next)}
        className="hover:bg-surface-2 mx-auto flex size-9 items-center justify-center rounded-md"
        title={next === "light" ? "Light" : "Dark"}
      >
        <Icon name={icon} className="size-4" />
        <span className="sr-only">{next === "light" ? "Light" : "Dark"}</span>
      </button>
    );
  }
  // Native radios (arrow keys move between them): the icon and label sit under a transparent
  // input that covers the whole choice.
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className="bg-surface-2 grid grid-cols-2 gap-1 rounded-lg p-1"
    >
      {(
        [
          ["light", "Light", "sun"],
          ["dark", "Dark", "moon"],
        ] as const
      ).map(([value, label, icon]) => (
        <label
          key={value}
          className={cn(
            "relative flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium",
            "text-muted-foreground has-checked:bg-surface has-checked:text-foreground has-checked:shadow-sm",
            "has-focus-visible:ring-accent has-focus-visible:ring-2",
          )}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={theme === value}
            onChange={() => onChange(value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-none"
          />
          <Icon name={icon} className="size-4" />
          {label}
        </label>
      ))}
    </div>
  );
}
