import pino, { type Logger } from "pino";
import type { Env } from "./env";

/** JSON logs to stdout (pino); request loggers are children that carry the request id. */
export function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
    base: { service: "packvault" },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
