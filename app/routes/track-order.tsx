import { PackageSearch } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/track-order";
import { ContentPage } from "~/components/content/content-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";

const QUERY_MAX = 100;
const FIELD = { id: "tracking", errorId: "tracking-error", descriptionId: "tracking-help" };

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Track Your Order",
    "Track a PackVault order with the tracking number from your shipping confirmation email.",
  );

/** The submitted (GET) query, trimmed, or null before the form is used. No lookup yet. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q");
  return { query: query === null ? null : query.trim().slice(0, QUERY_MAX) };
}

export default function TrackOrder({ loaderData: { query } }: Route.ComponentProps) {
  const errors = query === "" ? ["Please enter a tracking number or order ID"] : undefined;
  return (
    <ContentPage
      title="Track Your Order"
      lead="Follow your parcel from our store to your door."
      width="prose"
    >
      <section aria-label="Order lookup" className="bg-surface rounded-xl border p-5 sm:p-6">
        <Form method="get" className="space-y-4">
          <Field
            label="Tracking number or order ID"
            field={{ ...FIELD, errors }}
            description="You'll find your tracking number in the shipping confirmation email we send when your order leaves our store."
          >
            <Input
              id={FIELD.id}
              name="q"
              defaultValue={query ?? ""}
              maxLength={QUERY_MAX}
              autoComplete="off"
              aria-invalid={errors ? true : undefined}
              aria-describedby={
                errors ? `${FIELD.descriptionId} ${FIELD.errorId}` : FIELD.descriptionId
              }
            />
          </Field>
          <Button type="submit" className="w-full sm:w-auto">
            <PackageSearch className="size-4" aria-hidden="true" />
            Track Order
          </Button>
        </Form>
        <div role="status" className="mt-4 text-sm empty:mt-0">
          {query ? (
            <p className="bg-background rounded-lg border p-4">
              Order lookup is not available yet. Your tracking number is in your shipping
              confirmation email;{" "}
              <Link to="/contact" className="text-accent underline">
                contact us
              </Link>{" "}
              if you need help.
            </p>
          ) : null}
        </div>
      </section>
    </ContentPage>
  );
}
