import type { PGlite, Transaction } from "@electric-sql/pglite";
import { dbQueryDuration, dbWaitDuration } from "../metrics";

/** Told that a statement writing to one of the tables it watches was sent. */
export type WriteListener = () => void;

/** What {@link takeTurns} adds to a PGlite client. */
export type PgliteTurns = {
  /**
   * Calls `listener` whenever a statement that may write to one of `tables` (INSERT INTO,
   * UPDATE, DELETE FROM, TRUNCATE naming it, also inside a CTE) is sent, before it runs;
   * returns the function that stops it.
   */
  onWrite(tables: string[], listener: WriteListener): () => void;
};

type QueryFn = PGlite["query"];
/** Resolves once the event loop has polled for I/O (read sockets, accepted connections). */
const afterIo = () => new Promise<void>((resolve) => setImmediate(resolve));
type ExecFn = PGlite["exec"];

/**
 * Puts one first-come first-served queue in front of `client`'s one connection (PGlite runs a
 * statement at a time, and a transaction holds it to its COMMIT). Between two turns the event
 * loop reads new requests, whose statements queue behind those in flight (fair queueing). The
 * time a statement waits for its turn and the time it runs are told apart:
 * `packvault_db_wait_seconds` and
 * `packvault_db_query_duration_seconds` (a transaction's statements each, BEGIN and COMMIT
 * included, as PostgreSQL counts them). Statements are watched for writes to tables a caller
 * names ({@link PgliteTurns.onWrite}): every write of this process passes here, since PGlite
 * lives in it (docs/decisions/048-collector-pages-in-fewer-statements.md).
 */
export function takeTurns(client: PGlite): PgliteTurns {
  const watchers = new Set<{ pattern: RegExp; listener: WriteListener }>();
  const watch = (text: string) => {
    for (const watcher of watchers) if (watcher.pattern.test(text)) watcher.listener();
  };
  let turn: Promise<unknown> = Promise.resolve();
  /**
   * Runs `work` when the connection is free, after one pass of the event loop
   * (`setImmediate`): PGlite runs on this thread, and a queue that hands the connection on in
   * a microtask never lets the loop read new requests while statements are queued (under load,
   * requests waited unread for 10 s). Measures the wait and, with `timed`, the run.
   */
  const inTurn = <T>(work: () => Promise<T>, timed: boolean): Promise<T> => {
    const stopWait = dbWaitDuration.startTimer();
    const result = turn.then(afterIo).then(() => {
      stopWait();
      const stopRun = timed ? dbQueryDuration.startTimer() : null;
      return work().finally(() => stopRun?.());
    });
    turn = result.catch(() => {});
    return result;
  };
  const timedQuery = (query: QueryFn): QueryFn =>
    ((text: string, params?: unknown[], options?: object) => {
      watch(text);
      const stop = dbQueryDuration.startTimer();
      return query(text, params, options).finally(() => stop());
    }) as QueryFn;
  const timedExec =
    (exec: ExecFn): ExecFn =>
    (text, options) => {
      watch(text);
      const stop = dbQueryDuration.startTimer();
      return exec(text, options).finally(() => stop());
    };

  const query = client.query.bind(client) as QueryFn;
  const exec = client.exec.bind(client) as ExecFn;
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: object) =>
    inTurn(() => {
      watch(text);
      return query(text, params, options);
    }, true)) as QueryFn;
  client.exec = ((text: string, options?: object) =>
    inTurn(() => {
      watch(text);
      return exec(text, options);
    }, true)) as ExecFn;
  client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) =>
    inTurn(async () => {
      let stopStatement = dbQueryDuration.startTimer(); // BEGIN
      try {
        return await transaction(async (tx) => {
          stopStatement();
          const timed = {
            ...tx,
            query: timedQuery(tx.query.bind(tx) as QueryFn),
            exec: timedExec(tx.exec.bind(tx) as ExecFn),
            get closed() {
              return tx.closed;
            },
          } as Transaction;
          try {
            return await run(timed);
          } finally {
            stopStatement = dbQueryDuration.startTimer(); // COMMIT or ROLLBACK
          }
        });
      } finally {
        stopStatement();
      }
    }, false)) as PGlite["transaction"];

  return {
    onWrite(tables, listener) {
      const names = tables.map((table) => table.replace(/[^a-z0-9_]/gi, "")).join("|");
      const watcher = {
        pattern: new RegExp(
          `\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?)\\s+"?(${names})"?(\\s|$|\\()`,
          "i",
        ),
        listener,
      };
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
}
