import type { AppLoadContext } from "react-router";
import type { Logger } from "pino";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { cryptoRandom, type Actor, type Ctx } from "./context";

declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    log: Logger;
    env: Env;
  }
}

/** The domain {@link Ctx} for one request: real clock and node:crypto randomness. */
export function requestCtx(context: AppLoadContext, actor: Actor = null): Ctx {
  return { db: context.db, log: context.log, actor, now: () => new Date(), random: cryptoRandom };
}
