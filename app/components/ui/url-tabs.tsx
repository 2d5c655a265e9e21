import type { LucideIcon } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { Tabs, TabsList, TabsTrigger } from "./tabs";
import { cn } from "~/lib/cn";

/** One tab of a {@link UrlTabs}: its `?tab=` value, its label, its icon and what follows it. */
export type UrlTab<T extends string> = {
  value: T;
  label: string;
  icon: LucideIcon;
  /** Shown after the label (a count badge). */
  badge?: ReactNode;
};

/** A plain left click, which Radix has already turned into a tab change. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Radix Tabs whose current tab lives in the URL's `?tab=`, so it can be linked and survives a
 * reload: each trigger is a link to its URL (the tabs work before JavaScript loads) and a
 * change replaces the history entry without scrolling. `children` are the `TabsContent`s.
 */
export function UrlTabs<T extends string>({
  tab,
  tabs,
  label,
  hideIconsOnMobile = false,
  children,
}: {
  tab: T;
  tabs: readonly UrlTab<T>[];
  /** The tab list's accessible name ('Vault sections'). */
  label: string;
  hideIconsOnMobile?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const select = (next: string) => {
    void navigate(`?tab=${next}`, { replace: true, preventScrollReset: true });
  };
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label={label}>
        {tabs.map(({ value, label: text, icon: Icon, badge }) => (
          <TabsTrigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}`}
              onClick={(event) => isPlainClick(event) && event.preventDefault()}
            >
              <Icon
                className={cn("size-4", hideIconsOnMobile && "max-sm:hidden")}
                aria-hidden="true"
              />
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
