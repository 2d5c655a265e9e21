import { data, type AppLoadContext } from "react-router";
import { isDomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts } from "~/.server/toast";
import type { Toast } from "~/lib/toast";

/** What a /cart action answers when it does not redirect: the toasts to show. */
export type CartActionData = { toasts: Toast[] };

/** A refused /cart form: the spec's 'Error' toast with the message (section 8), and `status`. */
export function refused(message: string, status: number) {
  const answer: CartActionData = {
    toasts: toToasts([{ kind: "error", title: "Error", description: message }]),
  };
  return data(answer, { status });
}

/**
 * Runs one cart domain call and answers it: `onSuccess` turns its result into a redirect; a
 * DomainError becomes the 'Error' toast with its message — a redirect to `errorTo` with that
 * toast when given (Add to Cart from another page), else an answer with the error's status.
 * Any other error propagates to the error boundary.
 */
export async function settleCart<T>(
  context: AppLoadContext,
  call: () => Promise<T>,
  onSuccess: (value: T) => Promise<Response>,
  errorTo?: string,
) {
  let value: T;
  try {
    value = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (errorTo === undefined) return refused(error.message, error.status);
    return redirectWithToasts(context, errorTo, [
      { kind: "error", title: "Error", description: error.message },
    ]);
  }
  return onSuccess(value);
}
