// The processes of the topology test: nginx (deploy/nginx-packvault.conf, with test ports and
// paths), PackVault instances (`node server.js`, each a node:cluster primary), and an HTTP
// client that connects from a loopback address of its own (a distinct client IP per user).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX = "/usr/sbin/nginx";
/** Debian's Brotli filter module for nginx (package libnginx-mod-http-brotli-filter). */
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installs Debian's nginx and its Brotli module when missing (CI images may lack them). */
export function ensureNginx(): void {
  if (existsSync(NGINX) && existsSync(BROTLI_MODULE)) return;
  console.log("Installing nginx and its Brotli module from Debian for the topology test...");
  execFileSync(
    "sh",
    [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-filter >/dev/null",
    ],
    {
      stdio: "inherit",
    },
  );
}

/**
 * Runs nginx as the current user under `prefix` (its own pid, logs and temp paths, `daemon
 * off`) with the site of deploy/nginx-packvault.conf: listening on `port`, balancing over
 * `upstreams`, serving /assets/ from `clientDir`. @returns the process and its access log path.
 */
export function startNginx({
  prefix,
  port,
  upstreams,
  clientDir,
}: {
  prefix: string;
  port: number;
  upstreams: number[];
  clientDir: string;
}) {
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  mkdirSync(path.join(prefix, "temp"), { recursive: true });
  const accessLog = path.join(prefix, "logs", "packvault.access.log");
  let site = readFileSync(path.join(ROOT, "deploy/nginx-packvault.conf"), "utf8");
  const swap = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`deploy/nginx-packvault.conf: no ${from} to replace`);
    site = site.replace(from, to);
  };
  swap(
    /( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/,
    upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;\n`).join(""),
  );
  // The shipped site serves TLS with HTTP/2 and redirects plain HTTP there: first checked as it
  // is (a self-signed certificate for the real one), then run in plain HTTP/1.1 for the test's
  // client, without the redirect.
  checkTlsSite(prefix, site);
  swap(/# Plain HTTP only sends browsers to https\.\nserver \{[^}]*\}\n\n/, "");
  swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  swap(/( {4}ssl_[^\n]*\n)+/, "");
  swap(/\/var\/log\/nginx\/packvault\.access\.log/, accessLog);
  swap(/alias \/srv\/packvault\/build\/client\/assets\/;/, `alias ${clientDir}/assets/;`);
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, "temp", name)};`;
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `load_module ${BROTLI_MODULE};
worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
${site}
}
`,
  );
  const conf = path.join(prefix, "nginx.conf");
  execFileSync(NGINX, ["-t", "-q", "-p", prefix, "-c", conf, "-g", "daemon off;"], {
    stdio: "inherit",
  });
  const nginx = spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  return { nginx, accessLog };
}

/**
 * `nginx -t` on `site` as shipped (TLS and HTTP/2 on 443, the redirect on 80) with a
 * self-signed certificate made with openssl under `prefix` in place of the real one.
 */
function checkTlsSite(prefix: string, site: string): void {
  const cert = path.join(prefix, "tls-cert.pem");
  const key = path.join(prefix, "tls-key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=shop.example",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const tlsSite = site
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`)
    .replace(
      /access_log \S+ packvault;/,
      `access_log ${path.join(prefix, "logs", "tls-check.log")} packvault;`,
    );
  if (!/listen 443 ssl http2;/.test(tlsSite)) {
    throw new Error("deploy/nginx-packvault.conf: no `listen 443 ssl http2;`");
  }
  const conf = path.join(prefix, "nginx-tls-check.conf");
  writeFileSync(
    conf,
    `load_module ${BROTLI_MODULE};
pid ${path.join(prefix, "nginx-check.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events {}
http {
  include /etc/nginx/mime.types;
${tlsSite}
}
`,
  );
  execFileSync(NGINX, ["-t", "-q", "-p", prefix, "-c", conf], { stdio: "inherit" });
}

/** One PackVault instance: `node server.js` in its own process group (kill -9 takes it all). */
export class Instance {
  process: ChildProcess | null = null;
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
    readonly logFile: string,
  ) {}

  start(): void {
    const log = openSync(this.logFile, "a");
    this.process = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ["ignore", log, log],
      detached: true,
    });
  }

  /** `kill -9` the primary and its workers at once (the machine's crash, not a stop). */
  kill9(): void {
    if (this.process?.pid) process.kill(-this.process.pid, "SIGKILL");
    this.process = null;
  }

  /** SIGTERM, then waits for the exit (SIGKILL after 20 s). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
    this.process = null;
  }

  /** Waits until /readyz answers 200 (at most `timeoutMs`); @returns the milliseconds waited. */
  async ready(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const answer = await request(`http://127.0.0.1:${this.port}`, "GET", "/readyz", {
        timeoutMs: 2_000,
      }).catch(() => null);
      if (answer?.status === 200) return Date.now() - started;
      await sleep(200);
    }
    throw new Error(
      `instance on port ${this.port} not ready after ${timeoutMs} ms (${this.logFile})`,
    );
  }
}

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/**
 * One HTTP request. `localAddress` picks the loopback address the connection comes from (the
 * client IP the app sees behind nginx). Rejects on a network error or after `timeoutMs`.
 */
export function request(
  base: string,
  method: string,
  pathname: string,
  {
    headers = {},
    body,
    agent,
    timeoutMs = 30_000,
  }: {
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const req = http.request(
      new URL(pathname, base),
      { method, headers: { ...length, ...headers }, agent: agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A keep-alive agent whose connections come from `localAddress` (127.x.y.z). */
export const agentFrom = (localAddress: string) =>
  new http.Agent({ keepAlive: true, maxSockets: 2, localAddress } as http.AgentOptions);

/**
 * A Server-Sent Events stream held open: the `sale` events' data as they arrive. `close` ends it.
 */
export function openSalesStream(base: string, localAddress: string) {
  const sales: { id: number }[] = [];
  let connected = false;
  const req = http.get(
    new URL("/live/sales", base),
    { agent: false, localAddress, headers: { Accept: "text/event-stream" } },
    (res) => {
      connected = res.statusCode === 200;
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: sale$/m.test(block)) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) sales.push(JSON.parse(data) as { id: number });
        }
      });
    },
  );
  req.on("error", () => {});
  return { sales, connected: () => connected, close: () => req.destroy() };
}
