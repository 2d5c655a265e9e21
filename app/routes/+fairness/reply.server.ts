import type { AppLoadContext } from "react-router";
import { isDomainError } from "~/.server/errors";
import { redirectWithToasts, type ToastInput } from "~/.server/toast";

/**
 * Runs one /fairness domain call and goes back to /fairness with a toast: `success(result)`,
 * or, when the call throws a DomainError, the spec's 'Error' toast with its message (storefront
 * section 8). Any other error propagates to the error boundary. (Like redirectWithOutcome, but
 * the rotation's toast needs a description: the revealed server seed.)
 */
export async function backToFairness<T>(
  context: AppLoadContext,
  call: () => Promise<T>,
  success: (result: T) => ToastInput,
): Promise<Response> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code }, "fairness form refused");
    return redirectWithToasts(context, "/fairness", [
      { kind: "error", title: "Error", description: error.message },
    ]);
  }
  return redirectWithToasts(context, "/fairness", [success(result)]);
}
