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
