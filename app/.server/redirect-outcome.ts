import type { AppLoadContext } from "react-router";
import { isDomainError } from "./errors";
import { redirectWithToasts } from "./toast";

/**
 * How a form that goes back to its page answers (wishlist toggle, event registration): runs one
 * domain call, then redirects to `to` with a success toast titled `successTitle(result)`, or,
 * when the call throws a DomainError, with the spec's 'Error' toast carrying its message
 * (storefront section 8, destructive style). Any other error propagates to the error boundary.
 */
export async function redirectWithOutcome<T>(
  context: AppLoadContext,
  to: string,
  call: () => Promise<T>,
  successTitle: (result: T) => string,
): Promise<Response> {
  try {
    const result = await call();
    return await redirectWithToasts(context, to, [
      { kind: "success", title: successTitle(result) },
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code }, "form refused");
    return redirectWithToasts(context, to, [
      { kind: "error", title: "Error", description: error.message },
    ]);
  }
}
