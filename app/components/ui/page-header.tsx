import type { ReactNode } from "react";

/** The h1 and optional lead line every content page opens with. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8 space-y-2">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {lead ? <p className="text-muted-foreground max-w-2xl">{lead}</p> : null}
      {children}
    </header>
  );
}
