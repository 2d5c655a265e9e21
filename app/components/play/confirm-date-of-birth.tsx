import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DATE_OF_BIRTH_REQUIRED_MESSAGE } from "~/lib/play";

/** What the /account action answers a fetcher (the parts this form reads). */
type Answer = { result?: { error?: Record<string, string[] | null> | null }; toasts?: unknown[] };

/**
 * The date of birth an existing user confirms before their next top-up or pack opening
 * (docs/decisions/010-responsible-play.md), posted to the /account action without leaving the
 * page; the page's data reloads once it is stored. A refusal ('You must be 18 or older to use
 * PackVault') shows under the field.
 */
export function ConfirmDateOfBirth({ className }: { className?: string }) {
  const fetcher = useFetcher<Answer>();
  const error =
    fetcher.data?.result?.error?.dateOfBirth?.[0] ?? fetcher.data?.result?.error?.[""]?.[0];
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/account" className={className}>
      <input type="hidden" name="intent" value="confirm-date-of-birth" />
      <p className="text-sm font-medium">{DATE_OF_BIRTH_REQUIRED_MESSAGE}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <label htmlFor="confirm-date-of-birth" className="block text-sm">
            Date of birth
          </label>
          <Input
            id="confirm-date-of-birth"
            name="dateOfBirth"
            type="date"
            required
            autoComplete="bday"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "confirm-date-of-birth-error" : undefined}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Confirm"}
        </Button>
      </div>
      {error ? (
        <p id="confirm-date-of-birth-error" role="alert" className="text-danger mt-2 text-sm">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
