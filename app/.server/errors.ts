import type { z } from "zod";

/**
 * A rule of the domain refused the request. `message` is the spec's text, shown to the
 * user as is; `status` is the HTTP status a route answers with (4xx).
 */
export class DomainError extends Error {
  override name = "DomainError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * `input` checked against the shared `schema` (app/lib/schemas/) again in the domain, so a
 * caller that skipped the form still gets trimmed, bounded values: the schema's output.
 * @throws DomainError `code` (400) with the first rule broken, in the schema's own wording.
 */
export function parseOrRefuse<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  code: string,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DomainError(code, parsed.error.issues[0]!.message, 400);
  return parsed.data;
}
