// The baseline for `npm run bench`: a bare node:http server, run as its own process (like the
// app) so that it never shares an event loop with autocannon. It answers every request with one
// static HTML page of BARE_BYTES bytes, listens on a free loopback port and prints
// `{"port": N}` on its first stdout line. SIGTERM closes it and exits 0.
import http from "node:http";

const bytes = Number(process.env.BARE_BYTES);
if (!Number.isInteger(bytes) || bytes < 1 || bytes > 10_000_000) {
  console.error(`BARE_BYTES must be an integer from 1 to 10000000, got ${process.env.BARE_BYTES}`);
  process.exit(2);
}

/** An HTML document of exactly `size` bytes (ASCII only, so characters are bytes). */
function htmlPageOfSize(size) {
  const head = "<!DOCTYPE html><html lang=en><head><title>bare</title></head><body><p>";
  const tail = "</p></body></html>\n";
  const padding = size - head.length - tail.length;
  if (padding < 0) return "x".repeat(size);
  return head + "x".repeat(padding) + tail;
}

const body = Buffer.from(htmlPageOfSize(bytes), "latin1");
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
  });
  res.end(body);
});

server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: server.address().port }));
});

process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
