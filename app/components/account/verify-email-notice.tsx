import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** Where the resend form posts (the email-flows route answers it). */
const RESEND_VERIFICATION_ACTION = "/auth/verify-email/resend";

/**
 * Tells an unverified user that `purpose` needs a verified email, with a 'Resend verification
 * email' button (docs/product/accounts-and-security.md, "Verified email": anything that moves money requires a verified email and
 * says so with a resend link). It posts to /auth/verify-email/resend with `redirectTo` set to
 * this page, so the user comes back here. It lays itself out by its own width (a container
 * query), not the window's: in a narrow column (the cart's 20rem summary) the text and the
 * button stack; side by side only where the notice itself is wide.
 */
export function VerifyEmailNotice({
  email,
  purpose,
  label = "Email not verified",
}: {
  email: string;
  purpose: string;
  /** The note's accessible name (the page-wide banner's avoids the word "email" of forms' fields). */
  label?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formAction === RESEND_VERIFICATION_ACTION;
  return (
    <div role="note" aria-label={label} className="@container">
      <div className="border-accent/50 bg-accent/10 flex flex-col gap-3 rounded-lg border p-4 @lg:flex-row @lg:items-center">
        <Icon name="mail-warning" className="text-accent size-5 shrink-0" />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p className="font-medium">Verify your email to {purpose}.</p>
          <p className="text-muted-foreground break-words">
            We sent a link to {email}. Open it to confirm the address.
          </p>
        </div>
        <Form method="post" action={RESEND_VERIFICATION_ACTION}>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Button type="submit" size="sm" variant="outline" disabled={sending}>
            {sending ? "Sending..." : "Resend verification email"}
          </Button>
        </Form>
      </div>
    </div>
  );
}
