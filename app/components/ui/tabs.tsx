import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Radix Tabs root; control `value` to keep the tab in the URL. */
export const Tabs = TabsPrimitive.Root;

/** The row of tab triggers; scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "bg-surface-2 inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg p-1",
        className,
      )}
      {...props}
    />
  );
}

/** One tab; `asChild` renders a link so the tab works as a plain URL before JavaScript loads. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "text-muted-foreground hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab (mounted only while its tab is active). */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn("mt-6 focus-visible:outline-none", className)}
      {...props}
    />
  );
}
