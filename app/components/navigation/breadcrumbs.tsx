import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * A page's breadcrumb trail (the `crumbs` component class, docs/style.md): the `trail` of links
 * up to it, separated by '/', then `here`, the current page (`aria-current="page"`, truncated on
 * a narrow screen).
 */
export function Breadcrumbs({
  trail,
  here,
  className,
}: {
  trail: { to: string; label: ReactNode }[];
  here: ReactNode;
  className?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className={cn("text-sm", className)}>
      <ol className="crumbs">
        {trail.map(({ to, label }) => (
          <Fragment key={to}>
            <li className="min-w-0 truncate">
              <Link to={to}>{label}</Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="text-foreground min-w-0 truncate">
          {here}
        </li>
      </ol>
    </nav>
  );
}
