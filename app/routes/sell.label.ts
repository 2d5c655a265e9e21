import type { Route } from "./+types/sell.label";
import { requireUser } from "~/.server/auth/guards";
import { shippingLabelFor } from "~/.server/market/shipping-label";
import { requestCtx } from "~/.server/request-context";
import { redirectWithToasts } from "~/.server/toast";

/**
 * `/sell/submissions/{id}/label.pdf`: the prepaid shipping label of the signed-in user's
 * accepted sell-to-us submission (docs/product/market.md, "Selling to the shop"), as a PDF to
 * print. A visitor is sent to /auth (and back here); someone else's submission, or none, is a
 * 404; the owner's submission without an accepted offer goes back to /sell with a toast (the
 * offer mail links here before the offer is accepted).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null;
  const label = id === null ? null : await shippingLabelFor(requestCtx(context), id);
  if (!label || label.status === "not_found") {
    return new Response("Submission not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (label.status === "not_accepted") {
    throw await redirectWithToasts(context, `/sell#submission-${id}`, [
      {
        kind: "info",
        title: "Accept our offer first",
        description: "Your prepaid shipping label is ready once you accept our offer.",
      },
    ]);
  }
  return new Response(Buffer.from(label.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="packvault-label-${label.reference}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
