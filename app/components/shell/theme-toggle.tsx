import { Moon, Sun } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { cn } from "~/lib/cn";
import type { Theme } from "~/lib/theme";

type Props = { theme: Theme; onChange: (theme: Theme) => void; compact?: boolean };

/** The sidebar's light/dark toggle, labelled 'Light' and 'Dark' (spec); one icon button when collapsed. */
export function ThemeToggle({ theme, onChange, compact }: Props) {
  if (compact) {
    const next: Theme = theme === "dark" ? "light" : "dark";
    const Icon = next === "light" ? Sun : Moon;
    return (
      <button
        type="button"
        onClick={() => onChange(next)}
        className="hover:bg-surface-2 mx-auto flex size-9 items-center justify-center rounded-md"
        title={next === "light" ? "Light" : "Dark"}
      >
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{next === "light" ? "Light" : "Dark"}</span>
      </button>
    );
  }
  return (
    <ToggleGroup.Root
      type="single"
      value={theme}
      onValueChange={(value) => value && onChange(value as Theme)}
      aria-label="Theme"
      className="bg-surface-2 grid grid-cols-2 gap-1 rounded-lg p-1"
    >
      {(
        [
          ["light", "Light", Sun],
          ["dark", "Dark", Moon],
        ] as const
      ).map(([value, label, Icon]) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          className={cn(
            "flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium",
            "data-[state=on]:bg-surface data-[state=on]:shadow-sm",
            "text-muted-foreground data-[state=on]:text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
