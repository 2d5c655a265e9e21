import { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Env } from "../env";
import { DomainError } from "../errors";
import {
  EMAIL_LIMITED_ACTIONS,
  PER_EMAIL_RATE_LIMIT,
  PER_IP_RATE_LIMIT,
  type RateLimitRule,
  type RateLimitedAction,
} from "./rules";

/** Who is attempting: the client IP (null when unknown) and, for the forms, the email. */
export type RateLimitSubject = { ip: string | null; email?: string };

/**
 * Rate limits of the auth actions (rules.ts): per client IP and action, and per email for the
 * actions that try a secret. Counters live in Redis when configured, so every instance shares
 * them; otherwise in this process.
 */
export type AuthRateLimiter = {
  /**
   * Counts one attempt.
   * @throws DomainError `rate_limited` (429) 'Too many attempts. Try again in N seconds.' when
   * a limit is spent; nothing is counted further then.
   */
  consume(action: RateLimitedAction, subject: RateLimitSubject): Promise<void>;
  /** Clears the per-email count after a success, so only consecutive failures add up. */
  reset(action: RateLimitedAction, email: string): Promise<void>;
};

type Limiters = { perIp: RateLimiterAbstract; perEmail: RateLimiterAbstract };

function createLimiters(redis: Redis | undefined): Limiters {
  const make = (rule: RateLimitRule, keyPrefix: string): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ ...rule, keyPrefix });
    if (!redis) return memory;
    // While Redis is unreachable, this process's own counters keep limiting.
    return new RateLimiterRedis({
      ...rule,
      keyPrefix,
      storeClient: redis,
      insuranceLimiter: memory,
    });
  };
  return {
    perIp: make(PER_IP_RATE_LIMIT, "pv:auth:ip"),
    perEmail: make(PER_EMAIL_RATE_LIMIT, "pv:auth:email"),
  };
}

/** How long the first attempt waits for the Redis connection before counting in memory. */
const FIRST_CONNECT_WAIT_MS = 3_000;

/**
 * Resolves once `redis` is connected for the first time, or after `waitMs`, whichever is first.
 * Without it the attempts made while a fresh process connects would be counted in that
 * process's memory only (the client has no offline queue), and spread over instances they
 * would escape the shared limit.
 */
function firstConnection(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, waitMs);
    redis.once("ready", done);
    function done() {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    }
  });
}

/**
 * A rate limiter for the auth actions: on Redis when `redis` is given, in memory otherwise.
 * The first attempt waits up to 3 s for Redis's first connection; later, while Redis is
 * unreachable, each process counts on its own. The app uses one per process
 * ({@link authRateLimiter}); tests make their own.
 */
export function createAuthRateLimiter({ redis }: { redis?: Redis } = {}): AuthRateLimiter {
  const { perIp, perEmail } = createLimiters(redis);
  const connected = redis ? firstConnection(redis, FIRST_CONNECT_WAIT_MS) : Promise.resolve();
  return {
    async consume(action, { ip, email }) {
      await connected;
      const attempts = [perIp.consume(`${action}:${ip ?? "unknown"}`)];
      if (email && EMAIL_LIMITED_ACTIONS.includes(action)) {
        attempts.push(perEmail.consume(`${action}:${email.toLowerCase()}`));
      }
      const results = await Promise.allSettled(attempts);
      let waitMs = 0;
      for (const result of results) {
        if (result.status === "fulfilled") continue;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
      }
      if (results.some((r) => r.status === "rejected")) {
        throw new DomainError("rate_limited", tooManyAttemptsMessage(waitMs), 429);
      }
    },
    async reset(action, email) {
      await connected;
      await perEmail.delete(`${action}:${email.toLowerCase()}`);
    },
  };
}

/** 'Too many attempts. Try again in N seconds.', N rounded up and at least 1. */
function tooManyAttemptsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}

/**
 * The Redis client of the rate limits: no offline queue and one retry, so an attempt never
 * waits on an unreachable Redis (the limiter counts in memory then).
 */
export const rateLimitRedis = (url: string) =>
  new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });

let shared: { redisUrl: string | undefined; redis?: Redis; limiter: AuthRateLimiter } | null = null;

/**
 * The process-wide limiter, created on first use: on Redis when `REDIS_URL` is set (its errors
 * are logged with `log`), in memory otherwise. A different REDIS_URL makes a new one.
 */
export function authRateLimiter(env: Pick<Env, "REDIS_URL">, log: Logger): AuthRateLimiter {
  if (shared && shared.redisUrl === env.REDIS_URL) return shared.limiter;
  shared?.redis?.disconnect();
  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    redis = rateLimitRedis(env.REDIS_URL);
    redis.on("error", (error) => log.error({ err: error }, "rate-limit Redis error"));
  }
  shared = { redisUrl: env.REDIS_URL, redis, limiter: createAuthRateLimiter({ redis }) };
  return shared.limiter;
}
