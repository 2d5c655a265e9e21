import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The sign-up call to action (docs/product/accounts-and-security.md): 'Sign up now' and 'Browse packs'. */
export function SignUpCta() {
  return (
    <section
      aria-labelledby="cta-title"
      className="border-accent/40 relative isolate flex flex-col justify-center overflow-hidden rounded-2xl border bg-[linear-gradient(135deg,color-mix(in_oklch,var(--accent)_28%,var(--surface)),var(--surface)_70%)] p-6 sm:p-8"
    >
      <div
        className="bg-accent/25 absolute -top-16 -right-16 -z-10 size-48 rounded-full blur-3xl"
        aria-hidden="true"
      />
      <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Start your collection
      </h2>
      <p className="text-muted-foreground mt-3">
        Create a free account, open your first pack and watch your vault grow. Every pull is graded,
        vaulted and insured from the moment it is revealed.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/auth">
            Sign up now
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/packs">Browse packs</Link>
        </Button>
      </div>
    </section>
  );
}
