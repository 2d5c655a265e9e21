// The load generator's side of the HTTP benchmarks: autocannon reading every response whole
// without keeping its body. See docs/decisions/057-a-body-blind-bench-client.md.

/**
 * autocannon's `setupClient` (one call a connection, before its first request): the client still
 * reads every response off the socket and parses it (status line, headers, Content-Length or
 * chunked framing, every body byte counted in `throughput`, the response complete only once its
 * last byte arrived), but no longer appends the body to a string (`req.body += data` in
 * autocannon's PipelinedRequestsQueue). That append decodes each chunk as UTF-8 into a growing
 * string, and V8 decodes everything after a page's first non-ASCII byte several times slower
 * than ASCII: the client's cost then depended on where a page's first "©" or "·" sits, not on
 * what the server did. The bench reads no body (no `expectBody`, `verifyBody` or `onResponse`),
 * so nothing it reports changes but that cost.
 *
 * autocannon has no option for this (9.x): the hook replaces the queue's `addBody` of this
 * client. Throws when the queue is not where autocannon 9 keeps it, rather than measuring the
 * old way silently.
 *
 * @param {{ pipelinedRequests?: { addBody?: unknown } }} client autocannon's Client
 */
export function discardBodies(client) {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== "function") {
    throw new Error(
      "autocannon's client has no pipelinedRequests.addBody: check bench/lib/body-blind.js",
    );
  }
  queue.addBody = () => {};
}
