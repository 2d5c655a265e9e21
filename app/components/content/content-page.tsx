import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header";
import { cn } from "~/lib/cn";

const widths = { prose: "max-w-3xl", wide: "max-w-5xl" } as const;

/** The frame of a content, help or policy page: a centred column opened by the page's h1. */
export function ContentPage({
  title,
  lead,
  width = "wide",
  header,
  children,
}: {
  title: string;
  lead?: ReactNode;
  width?: keyof typeof widths;
  /** Extra lines under the lead (e.g. 'Last updated'). */
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn("mx-auto w-full px-4 py-10 sm:py-12", widths[width])}>
      <PageHeader title={title} lead={lead}>
        {header}
      </PageHeader>
      {children}
    </div>
  );
}
