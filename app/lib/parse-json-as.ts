import type { z } from "zod";

/**
 * `text` parsed as JSON and checked against `schema`: how the files a collector verifies by
 * hand are read (the odds and pool commitment texts, docs/decisions/016-odds-commitment.md and
 * 041-pool-commitment.md; the draw log; a reserve proof, docs/decisions/043-proof-of-reserves.md).
 * Each file keeps its own wording: `wording.notJson` when the text is not JSON, else
 * `wording.malformed(path, message)` for the first issue Zod reports (`path` its field path
 * joined with ".", empty at the top).
 * @returns the schema's output.
 * @throws `new Failure(message)` with that wording.
 */
export function parseJsonAs<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  wording: { notJson: string; malformed: (path: string, message: string) => string },
  Failure: new (message: string) => Error,
): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Failure(wording.notJson);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Failure(wording.malformed(issue.path.join("."), issue.message));
  }
  return parsed.data;
}
