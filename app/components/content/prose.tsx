import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Readable running text: paragraphs, lists, links and emphasis in the theme's colours. */
export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        "text-muted-foreground space-y-3 text-sm leading-relaxed sm:text-base",
        "[&_a]:text-accent [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2",
        "[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5",
        "[&_strong]:text-foreground [&_strong]:font-semibold [&_code]:text-foreground [&_code]:font-mono",
        className,
      )}
    >
      {children}
    </div>
  );
}
