import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";

/** zxcvbn scores run 0 (too guessable) to 4 (very unguessable); below this is refused. */
export const MIN_PASSWORD_SCORE = 2;

// Loading the dictionaries takes ~150 ms and some memory: once per process, on first use.
let estimator: ZxcvbnFactory | undefined;
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/**
 * Why `password` is too weak for a new account, as sentences for a list under the field; empty
 * when it is strong enough (docs/product/accounts-and-security.md: weak passwords return a list of reasons).
 * Too short gives 'Use at least 6 characters'; a zxcvbn score below {@link MIN_PASSWORD_SCORE}
 * gives zxcvbn's warning and suggestions. `userInputs` (the name, the email) count as guessable.
 */
export function passwordWeaknesses(password: string, userInputs: string[] = []): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_LIMITS.min) {
    reasons.push(`Use at least ${PASSWORD_LIMITS.min} characters.`);
  }
  const inputs = [...userInputs, ...userInputs.flatMap((i) => i.split(/[\s@.]+/)), "packvault"];
  const result = getEstimator().check(password, inputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return reasons;
  const { warning, suggestions } = result.feedback;
  if (warning) reasons.push(warning);
  reasons.push(...suggestions);
  if (reasons.length === 0) reasons.push("Add more words or characters that are hard to guess.");
  return [...new Set(reasons)];
}
