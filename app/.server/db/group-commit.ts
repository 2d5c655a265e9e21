/** What a batch answers for one of its items: its value, or the error it was refused with. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** A queue that commits the items submitted to it in batches (see {@link groupCommit}). */
export type GroupCommit<T, R> = {
  /** Queues `item`; settles with its outcome once the batch it joined has run. */
  submit(item: T): Promise<R>;
};

/**
 * Group commit (docs/decisions/065-pack-openings-committed-in-batches.md): items submitted
 * while `maxInFlight` batches are already running wait in arrival order, and the next batch to
 * start takes up to `maxBatch` of them at once, so under load many items share one transaction
 * and a lone item starts at once (as a batch of one). Items submitted in one turn of the event
 * loop start together: the queue is looked at after the turn's synchronous work.
 * `run(items)` must answer one {@link ItemOutcome} per item, in their order; when it throws,
 * every item of the batch is rejected with its error.
 * @throws RangeError for a `maxInFlight` or `maxBatch` below 1 (a programming error).
 */
export function groupCommit<T, R>(options: {
  maxInFlight: number;
  maxBatch: number;
  run: (items: T[]) => Promise<ItemOutcome<R>[]>;
}): GroupCommit<T, R> {
  const { maxInFlight, maxBatch, run } = options;
  if (!(maxInFlight >= 1 && maxBatch >= 1)) {
    throw new RangeError("a group commit needs at least one batch of at least one item");
  }
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (batch: Waiting[], outcomes: ItemOutcome<R>[]) => {
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (!outcome) waiting.reject(new Error("the batch answered for fewer items than it took"));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  };

  const startBatches = () => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      run(batch.map((waiting) => waiting.item))
        .then(
          (outcomes) => settle(batch, outcomes),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          inFlight--;
          startBatches();
        });
    }
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(startBatches);
        }
      });
    },
  };
}
