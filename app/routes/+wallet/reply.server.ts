import { randomUUID } from "node:crypto";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { isDomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts } from "~/.server/toast";
import { formatCents, type Cents } from "~/lib/money";
import type { Toast } from "~/lib/toast";

/** What POST /wallet answers when it does not redirect. */
export type WalletActionData = {
  /** Which form the answer is for: its result shows only there. */
  form: "add-funds" | "withdraw";
  result: SubmissionResult<string[]>;
  toasts: Toast[];
  /**
   * A fresh key for the next try after a refused charge: the refused one is recorded under its
   * key, so sending it again would replay the refusal. Null when no charge was attempted.
   */
  idempotencyKey: string | null;
};

/** The card's number and code never travel back into the page. */
const CARD_SECRETS = ["cardNumber", "cvc"];

/** The 400 answer to an Add funds form that failed the shared schema: errors by the fields. */
export function invalidTopUp(submission: Submission<unknown>) {
  const answer: WalletActionData = {
    form: "add-funds",
    result: submission.reply({ hideFields: CARD_SECRETS }),
    toasts: [],
    idempotencyKey: null,
  };
  return data(answer, { status: 400 });
}

/**
 * Runs the top-up and answers it: a redirect to `to` with 'Funds added' and the amount; a
 * DomainError answers with its status, its message under the form, an error toast ('Your card
 * was declined' for a refused charge; nothing changed) and a new idempotency key. Any other
 * error propagates to the error boundary.
 */
export async function settleTopUp(
  context: AppLoadContext,
  submission: Submission<unknown>,
  to: string,
  call: () => Promise<{ amountCents: Cents }>,
) {
  let amountCents: Cents;
  try {
    ({ amountCents } = await call());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code }, "top-up refused");
    const declined = error.code === "card_declined";
    const answer: WalletActionData = {
      form: "add-funds",
      result: submission.reply({ hideFields: CARD_SECRETS, formErrors: [error.message] }),
      toasts: toToasts([
        declined
          ? {
              kind: "error",
              title: error.message,
              description: "Nothing was charged and your balance is unchanged.",
            }
          : { kind: "error", title: "Failed to add funds", description: error.message },
      ]),
      idempotencyKey: randomUUID(),
    };
    return data(answer, { status: error.status });
  }
  return redirectWithToasts(context, to, [
    {
      kind: "success",
      title: "Funds added",
      description: `${formatCents(amountCents)} was added to your wallet.`,
    },
  ]);
}

/** The 400 answer to a Withdraw funds form that failed the shared schema: errors by the fields. */
export function invalidWithdrawal(submission: Submission<unknown>) {
  const answer: WalletActionData = {
    form: "withdraw",
    result: submission.reply(),
    toasts: [],
    idempotencyKey: null,
  };
  return data(answer, { status: 400 });
}

/**
 * Runs the withdrawal and answers it: a redirect to /wallet with 'Withdrawal requested'; a
 * DomainError ('Insufficient balance', '... Available to withdraw on {date}') answers with its
 * status, its message under the form and an error toast; nothing changed.
 */
export async function settleWithdrawal(
  context: AppLoadContext,
  submission: Submission<unknown>,
  call: () => Promise<{ amountCents: Cents }>,
) {
  let amountCents: Cents;
  try {
    ({ amountCents } = await call());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code }, "withdrawal refused");
    const answer: WalletActionData = {
      form: "withdraw",
      result: submission.reply({ formErrors: [error.message] }),
      toasts: toToasts([
        { kind: "error", title: "Withdrawal refused", description: error.message },
      ]),
      idempotencyKey: randomUUID(),
    };
    return data(answer, { status: error.status });
  }
  return redirectWithToasts(context, "/wallet", [
    {
      kind: "success",
      title: "Withdrawal requested",
      description: `${formatCents(amountCents)} left your balance and is paid to your bank once approved.`,
    },
  ]);
}
