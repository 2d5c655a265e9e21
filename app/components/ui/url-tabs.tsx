import type { LucideIcon } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Tabs, TabsList, TabsTrigger } from "./tabs";
import { cn } from "~/lib/cn";

/** One tab of a {@link UrlTabs}: its `?tab=` value, its label, its icon and what follows it. */
export type UrlTab<T extends string> = {
  value: T;
  label: string;
  icon?: LucideIcon;
  /** Shown after the label (a count badge). */
  badge?: ReactNode;
};

/** A plain left click, which Radix has already turned into a tab change. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The URL (a `?` search) of the tab `value`: `search` (the page's other parameters, or none) with
 * `?tab=value`, or without `tab` for `defaultTab`.
 */
export function urlTabHref<T extends string>(
  search: URLSearchParams | undefined,
  value: T,
  defaultTab?: T,
): string {
  const next = new URLSearchParams(search);
  if (value === defaultTab) next.delete("tab");
  else next.set("tab", value);
  return `?${next.toString()}`;
}

/**
 * Radix Tabs whose current tab lives in the URL's `?tab=`, so it can be linked and survives a
 * reload: each trigger is a link to its URL (the tabs work before JavaScript loads) and a
 * change replaces the history entry without scrolling. `children` are the `TabsContent`s.
 * With `keepSearch`, a tab's URL keeps the page's other search parameters (where to go after
 * signing in); `defaultTab` is written as no `?tab=` at all; `fill` spreads the tabs over the
 * whole width.
 */
export function UrlTabs<T extends string>({
  tab,
  tabs,
  label,
  hideIconsOnMobile = false,
  keepSearch = false,
  defaultTab,
  fill = false,
  children,
}: {
  tab: T;
  tabs: readonly UrlTab<T>[];
  /** The tab list's accessible name ('Vault sections'). */
  label: string;
  hideIconsOnMobile?: boolean;
  keepSearch?: boolean;
  defaultTab?: T;
  fill?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hrefFor = (value: T) =>
    urlTabHref(keepSearch ? searchParams : undefined, value, defaultTab);
  // Radix hands back one of the triggers' values, which are `tabs`' own.
  const select = (next: string) => {
    void navigate(hrefFor(next as T), { replace: true, preventScrollReset: true });
  };
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label={label} className={fill ? "w-full" : undefined}>
        {tabs.map(({ value, label: text, icon: Icon, badge }) => (
          <TabsTrigger key={value} value={value} className={fill ? "flex-1" : undefined} asChild>
            <a
              href={hrefFor(value)}
              onClick={(event) => isPlainClick(event) && event.preventDefault()}
            >
              {Icon ? (
                <Icon
                  className={cn("size-4", hideIconsOnMobile && "max-sm:hidden")}
                  aria-hidden="true"
                />
              ) : null}
              {text}
              {badge}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}
