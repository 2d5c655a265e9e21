// A minimal S3-compatible server for tests, in process on 127.0.0.1: PUT, GET and DELETE of an
// object in one bucket, path style (`/<bucket>/<key>`). It checks every request as S3 does with
// AWS Signature V4 in the Authorization header: the header is present and well formed, the key
// is known, the scope's date, region and service match, the signed payload hash matches the
// body, and the signature is recomputed here with node:crypto (independently of the client
// under test) and compared. Anything else is answered with S3's error codes (403
// AccessDenied, SignatureDoesNotMatch, 400 XAmzContentSHA256Mismatch, 404 NoSuchKey/NoSuchBucket).
// Decision 025 says what this proves and what it does not.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type S3Request = {
  method: string;
  path: string;
  status: number;
  /** The signed header names, as the Authorization header lists them. */
  signedHeaders: string[];
  contentType: string | undefined;
};

type Options = { bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** `AWS4-HMAC-SHA256 Credential=<id>/<yyyymmdd>/<region>/<service>/aws4_request, SignedHeaders=a;b, Signature=<64 hex>` */
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9-]+(?:;[a-z0-9-]+)*), ?Signature=([0-9a-f]{64})$/;

/**
 * The Signature V4 signature of a request (AWS "Signature Version 4 signing process"): the
 * canonical request (method, path, sorted query, the signed headers' trimmed values, their
 * names, the payload hash), the string to sign, and the key derived from the secret, the
 * date, the region and the service.
 */
export function signatureV4(input: {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  amzDate: string;
  region: string;
  service: string;
  secretAccessKey: string;
}): string {
  const encode = (value: string) =>
    encodeURIComponent(value).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const query = [...input.query.entries()]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const canonicalRequest = [
    input.method,
    input.path,
    query,
    ...input.signedHeaders.map(
      (name) => `${name}:${(input.headers[name] ?? "").trim().replace(/\s+/g, " ")}`,
    ),
    "",
    input.signedHeaders.join(";"),
    input.payloadHash,
  ].join("\n");
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, scope, sha256(canonicalRequest)].join(
    "\n",
  );
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service),
    "aws4_request",
  );
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

function answer(response: ServerResponse, status: number, code?: string, message = "") {
  if (!code) {
    response.writeHead(status).end();
    return;
  }
  response
    .writeHead(status, { "Content-Type": "application/xml" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the server; `objects` is the bucket's content, `requests` every request answered. */
export async function startS3Server(options: Options) {
  const objects = new Map<string, { bytes: Buffer; contentType: string | undefined }>();
  const requests: S3Request[] = [];
  /** Answers the next `count` requests with 503 SlowDown (to see the client try again). */
  let failNext = 0;

  /** Null when the request is signed right, else the refusal. */
  function refusal(
    request: IncomingMessage,
    url: URL,
    body: Buffer,
  ): [number, string, string] | null {
    const authorization = request.headers.authorization;
    if (!authorization) return [403, "AccessDenied", "Missing Authorization header"];
    const parts = AUTHORIZATION.exec(authorization);
    if (!parts) return [400, "AuthorizationHeaderMalformed", "Malformed Authorization header"];
    const [, keyId, day, region, service, signed, signature] = parts;
    if (keyId !== options.accessKeyId) return [403, "InvalidAccessKeyId", "Unknown key"];
    if (region !== options.region || service !== "s3") {
      return [400, "AuthorizationHeaderMalformed", `Scope ${region}/${service}`];
    }
    const amzDate = request.headers["x-amz-date"];
    if (
      typeof amzDate !== "string" ||
      !/^\d{8}T\d{6}Z$/.test(amzDate) ||
      amzDate.slice(0, 8) !== day
    ) {
      return [403, "AccessDenied", "X-Amz-Date missing or not the scope's day"];
    }
    const signedHeaders = signed!.split(";");
    for (const needed of ["host", "x-amz-date", "x-amz-content-sha256"]) {
      if (!signedHeaders.includes(needed)) return [403, "AccessDenied", `${needed} is not signed`];
    }
    const payloadHash = request.headers["x-amz-content-sha256"];
    if (typeof payloadHash !== "string") return [400, "InvalidRequest", "No payload hash"];
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
      return [400, "XAmzContentSHA256Mismatch", "The body is not what was signed"];
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const expected = signatureV4({
      method: request.method!,
      path: url.pathname,
      query: url.searchParams,
      headers,
      signedHeaders,
      payloadHash,
      amzDate,
      region: region!,
      service: service!,
      secretAccessKey: options.secretAccessKey,
    });
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))) {
      return [403, "SignatureDoesNotMatch", "The signature does not match"];
    }
    return null;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url!, "http://s3.test");
      const body = await bodyOf(request);
      const record = (status: number) =>
        requests.push({
          method: request.method!,
          path: url.pathname,
          status,
          signedHeaders:
            AUTHORIZATION.exec(request.headers.authorization ?? "")?.[5]?.split(";") ?? [],
          contentType: request.headers["content-type"],
        });
      if (failNext > 0) {
        failNext -= 1;
        record(503);
        return answer(response, 503, "SlowDown", "Reduce your request rate");
      }
      const refused = refusal(request, url, body);
      if (refused) {
        record(refused[0]);
        return answer(response, ...refused);
      }
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      if (bucket !== options.bucket) {
        record(404);
        return answer(response, 404, "NoSuchBucket", "The bucket does not exist");
      }
      if (request.method === "PUT") {
        objects.set(key, { bytes: body, contentType: request.headers["content-type"] });
        record(200);
        response
          .writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` })
          .end();
      } else if (request.method === "GET") {
        const object = objects.get(key);
        record(object ? 200 : 404);
        if (!object) return answer(response, 404, "NoSuchKey", "The key does not exist");
        response
          .writeHead(200, {
            "Content-Type": object.contentType ?? "application/octet-stream",
            "Content-Length": object.bytes.byteLength,
          })
          .end(object.bytes);
      } else if (request.method === "DELETE") {
        objects.delete(key);
        record(204);
        answer(response, 204);
      } else {
        record(405);
        answer(response, 405, "MethodNotAllowed", "Not here");
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failNext: (count: number) => {
      failNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
