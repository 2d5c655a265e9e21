import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { signInHref } from "~/lib/sign-in-href";

/** A button-styled link to /auth that comes back to `returnTo` once signed in. */
export function SignInButton({
  returnTo,
  className,
  children,
}: {
  returnTo: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button asChild className={className}>
      <Link to={signInHref(returnTo)}>
        <LogIn className="size-4" aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
