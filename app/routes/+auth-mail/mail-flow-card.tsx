import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * The narrow card of the emailed-link pages (/auth/verified, /auth/forgot-password,
 * /auth/reset-password): an icon, the page's h1, a lead line and the content.
 */
export function MailFlowCard({
  icon: Icon,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <section className="bg-surface space-y-5 rounded-xl border p-6 sm:p-8">
        <header className="space-y-3 text-center">
          <div className="bg-surface-2 text-accent mx-auto flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
            <Icon aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <div className="text-muted-foreground">{lead}</div>
        </header>
        {children}
      </section>
    </div>
  );
}

/** A link styled as a button, the way on from a {@link MailFlowCard}; full width unless `narrow`. */
export function MailFlowLink({
  to,
  variant,
  narrow = false,
  children,
}: {
  to: string;
  variant?: ButtonProps["variant"];
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={variant} className={narrow ? undefined : "w-full"}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}

/**
 * The POST form of a {@link MailFlowCard}: its fields, then a full-width submit button reading
 * `working` (and disabled) while `busy`.
 */
export function MailFlowForm<Fields extends Record<string, unknown>>({
  form,
  busy,
  working,
  label,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  busy: boolean;
  working: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {children}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? working : label}
      </Button>
    </Form>
  );
}
