import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/cn";
import type { Theme } from "~/lib/theme";
import { Logo } from "./logo";
import type { NavItem } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

type Props = {
  items: NavItem[];
  collapsed: boolean;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  onToggle?: () => void;
  /** Extra list items under the entries (the drawer's account links). */
  extraItems?: ReactNode;
};

/** What the sidebar and the mobile drawer show: logo, entries, the sell button, theme toggle. */
export function SidebarContent({
  items,
  collapsed,
  theme,
  onThemeChange,
  onToggle,
  extraItems,
}: Props) {
  return (
    <div className="flex h-full flex-col gap-4 p-2">
      <div className={cn("flex items-center gap-2", collapsed ? "flex-col" : "px-1 pt-1")}>
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="PackVault home">
          <Logo />
          {collapsed ? null : <span className="text-lg font-bold tracking-tight">PackVault</span>}
        </Link>
        {onToggle ? (
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            title="Toggle sidebar (Ctrl/Cmd+B)"
            className={cn(
              "hover:bg-surface-2 flex size-8 items-center justify-center rounded-md",
              !collapsed && "ml-auto",
            )}
          >
            <Icon name="panel-left" className="size-4" />
          </button>
        ) : null}
      </div>
      <nav aria-label="Main" className="flex-1">
        <ul className="space-y-1">
          {items.map(({ to, label, icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                title={collapsed ? label : undefined}
                className={collapsed ? "side-link justify-center px-0" : "side-link"}
              >
                <Icon name={icon} className="size-4 shrink-0" />
                <span className={collapsed ? "sr-only" : undefined}>{label}</span>
              </NavLink>
            </li>
          ))}
          {extraItems}
        </ul>
      </nav>
      <Link
        to="/sell"
        title={collapsed ? "Submit my collectibles" : undefined}
        className={cn(
          "bg-accent text-accent-foreground flex h-10 items-center justify-center gap-2 rounded-md text-sm font-semibold hover:opacity-90",
          collapsed ? "mx-auto w-9" : "px-3",
        )}
      >
        <Icon name="upload" className="size-4 shrink-0" />
        <span className={collapsed ? "sr-only" : undefined}>Submit my collectibles</span>
      </Link>
      <ThemeToggle theme={theme} onChange={onThemeChange} compact={collapsed} />
    </div>
  );
}
