import { z } from "zod";

/**
 * A required text field of the account and contact forms (docs/product/accounts-and-security.md):
 * trimmed, `missing` when absent or blank, and '<label> must be at most <max> characters' past
 * `max` characters.
 */
export function requiredText(label: string, missing: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max} characters`);
}
