import type { AppLoadContext } from "react-router";
import type { Logger } from "pino";
import type { Database } from "./db/client";
import type { Auth } from "./policy/auth";
import type { SessionUser } from "./auth/session-user";
import type { HeaderCounts } from "./account/header-counts";
import type { Env } from "./env";
import type { SalesFeed } from "./sales-feed";
import { makeCtx, type Actor, type Ctx } from "./context";

declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    log: Logger;
    env: Env;
    auth: Auth;
    /** The live sales feed (docs/product/rewards.md): publish a sale once its transaction commits. */
    salesFeed: SalesFeed;
    /** The signed-in user, resolved once per request; null for a visitor. */
    user: SessionUser | null;
    /**
     * The signed-in user's header counts when the session lookup read them with the user (a GET
     * on PostgreSQL, docs/decisions/059-header-with-the-session.md); null: the root loader reads
     * them. Optional for the load contexts of tests and of page-cache renders (visitors).
     */
    headerCounts?: HeaderCounts | null;
    /** The client's IP: the socket address, or X-Forwarded-For within TRUST_PROXY hops. */
    clientIp: string | null;
    /** The key of the anonymous user tags in draw logs (app/.server/packs/draw-log.ts). */
    drawLogTagKey: string;
    /** The key that signs unsubscribe links (app/.server/mail/unsubscribe.ts). */
    unsubscribeKey: string;
    /**
     * This response's Content-Security-Policy nonce (app/.server/http/security-headers.ts), or
     * the page cache's placeholder for it (app/.server/http/page-cache.ts).
     */
    cspNonce: string;
    /** True when rendering for the page cache: wait for all content before sending. */
    completeRender?: boolean;
  }
}

/**
 * The domain {@link Ctx} for one request: real clock, node:crypto randomness, and the
 * signed-in user as actor unless another is given.
 */
export function requestCtx(context: AppLoadContext, actor?: Actor): Ctx {
  const fromSession: Actor = context.user
    ? { userId: context.user.id, role: context.user.role }
    : null;
  return makeCtx({
    db: context.db,
    log: context.log,
    actor: actor === undefined ? fromSession : actor,
    now: () => new Date(),
    salesFeed: context.salesFeed,
  });
}
