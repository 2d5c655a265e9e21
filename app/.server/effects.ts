import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Database } from "./db/client";

/** Work that must happen only once a transaction committed: the live feed, notifications. */
export type Effect = () => void | Promise<void>;

/** The effects registered inside the transaction now running (one list per transaction). */
const pending = new AsyncLocalStorage<Effect[]>();

/**
 * Registers `effect` to run once the transaction it is called in commits, and never when it
 * rolls back (docs/decisions/012-one-seam-and-after-commit-effects.md). Called outside a
 * transaction there is nothing to wait for: it runs at once. An effect that fails is logged,
 * never thrown: what it announces has already happened.
 */
export function afterCommitOf(log: Logger): (effect: Effect) => void {
  return (effect) => {
    const list = pending.getStore();
    if (list) list.push(effect);
    else void runEffects([effect], log);
  };
}

async function runEffects(effects: Effect[], log: Logger): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      log.error({ err: error }, "after-commit effect failed");
    }
  }
}

/**
 * `db` whose `transaction(fn)` collects the effects registered (through `ctx.afterCommit`)
 * while `fn` runs, runs them after the commit, and drops them on a rollback. Savepoints
 * (`tx.transaction`) belong to the outer list: they commit only with it.
 */
export function withAfterCommit(db: Database, log: Logger): Database {
  const transaction: Database["transaction"] = async (fn, config) => {
    const effects: Effect[] = [];
    const result = await pending.run(effects, () => db.transaction(fn, config));
    await runEffects(effects, log);
    return result;
  };
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === "transaction" ? transaction : Reflect.get(target, property, receiver),
  });
}
