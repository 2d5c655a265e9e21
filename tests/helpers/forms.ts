import type { z } from "zod";

/**
 * A form as the seam hands it to a domain function: parsed once with its shared schema
 * (docs/decisions/013-parsing-once-at-the-seam.md). Throws a ZodError when `fields` do not
 * pass, which in a test is the test's own mistake.
 */
export function parsed<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  return schema.parse(fields);
}

/** The first message `schema` refuses `fields` with (what the seam answers 400 with), or null. */
export function refusalOf(schema: z.ZodType, fields: unknown): string | null {
  const result = schema.safeParse(fields);
  return result.success ? null : result.error.issues[0]!.message;
}
