import type { ReactNode } from "react";

/**
 * The narrow card of the emailed-link pages (/auth/verified, /auth/forgot-password,
 * /auth/reset-password): an icon, the page's h1, a lead line and the content.
 */
export function MailFlowCard({
  icon,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <section className="bg-surface space-y-5 rounded-xl border p-6 sm:p-8">
        <header className="space-y-3 text-center">
          <div className="bg-surface-2 text-accent mx-auto flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
            {icon}
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <div className="text-muted-foreground">{lead}</div>
        </header>
        {children}
      </section>
    </div>
  );
}
