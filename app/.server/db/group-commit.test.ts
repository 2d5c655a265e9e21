import { describe, expect, it } from "vitest";
import { groupCommit, type ItemOutcome } from "./group-commit";

/** A batch runner that records its batches and finishes each when the test says so. */
function controlledRunner() {
  const batches: {
    items: number[];
    finish: (outcomes?: ItemOutcome<string>[]) => void;
    fail: (error: unknown) => void;
  }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run = (items: number[]) =>
    new Promise<ItemOutcome<string>[]>((resolve, reject) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => running--;
      batches.push({
        items,
        finish: (outcomes) => {
          done();
          resolve(outcomes ?? items.map((item) => ({ ok: true, value: `pulled ${item}` })));
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { batches, run, mostAtOnce: () => mostAtOnce };
}

/** Lets queued microtasks and promise callbacks run. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("groupCommit", () => {
  it("starts a lone item at once, as a batch of one", async () => {
    const runner = controlledRunner();
    const queue = groupCommit({ maxInFlight: 2, maxBatch: 10, run: runner.run });
    const pull = queue.submit(7);
    await turn();
    expect(runner.batches.map((b) => b.items)).toEqual([[7]]);
    runner.batches[0]!.finish();
    await expect(pull).resolves.toBe("pulled 7");
  });

  it("batches what arrives while the batches in flight run, in arrival order, at most maxBatch a batch and maxInFlight at once", async () => {
    const runner = controlledRunner();
    const queue = groupCommit({ maxInFlight: 2, maxBatch: 3, run: runner.run });
    const pulls = Array.from({ length: 9 }, (_, i) => queue.submit(i));
    await turn();
    expect(runner.batches.map((b) => b.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    runner.batches[1]!.finish();
    await turn();
    expect(runner.batches.map((b) => b.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    runner.batches[0]!.finish();
    runner.batches[2]!.finish();
    expect(await Promise.all(pulls)).toEqual(pulls.map((_, i) => `pulled ${i}`));
    expect(runner.mostAtOnce()).toBe(2);
  });

  it("refuses only the item its batch refused, and every item of a batch that failed, then goes on", async () => {
    const runner = controlledRunner();
    const queue = groupCommit({ maxInFlight: 1, maxBatch: 2, run: runner.run });
    const pulls = [1, 2, 3, 4, 5].map((item) => queue.submit(item));
    const settled = Promise.allSettled(pulls);
    await turn();
    const refusal = new Error("out of stock");
    runner.batches[0]!.finish([
      { ok: true, value: "pulled 1" },
      { ok: false, error: refusal },
    ]);
    await turn();
    const failure = new Error("the connection was lost");
    runner.batches[1]!.fail(failure);
    await turn();
    runner.batches[2]!.finish();
    expect(await settled).toEqual([
      { status: "fulfilled", value: "pulled 1" },
      { status: "rejected", reason: refusal },
      { status: "rejected", reason: failure },
      { status: "rejected", reason: failure },
      { status: "fulfilled", value: "pulled 5" },
    ]);
  });

  it("refuses an item its batch did not answer for", async () => {
    const runner = controlledRunner();
    const queue = groupCommit({ maxInFlight: 1, maxBatch: 5, run: runner.run });
    const pulls = Promise.allSettled([queue.submit(1), queue.submit(2)]);
    await turn();
    runner.batches[0]!.finish([{ ok: true, value: "pulled 1" }]);
    const [first, second] = await pulls;
    expect(first).toEqual({ status: "fulfilled", value: "pulled 1" });
    expect(second).toMatchObject({ status: "rejected", reason: { message: /fewer items/ } });
  });

  it("refuses a queue without room for a batch or an item", () => {
    const run = async () => [];
    expect(() => groupCommit({ maxInFlight: 0, maxBatch: 5, run })).toThrow(RangeError);
    expect(() => groupCommit({ maxInFlight: 1, maxBatch: 0, run })).toThrow(RangeError);
  });
});
