import { MailCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

const RESEND_ACTION = "/auth/verify-email/resend";

/**
 * A button that mails the signed-in user a new verification link (POST
 * /auth/verify-email/resend) and comes back to `redirectTo`; 'Sending...' while it works.
 */
export function ResendVerificationForm({ redirectTo }: { redirectTo: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === RESEND_ACTION;
  return (
    <Form method="post" action={RESEND_ACTION}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" disabled={sending} className="w-full">
        <MailCheck className="size-4" aria-hidden="true" />
        {sending ? "Sending..." : "Send a new link"}
      </Button>
    </Form>
  );
}
