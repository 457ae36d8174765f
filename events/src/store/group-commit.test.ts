import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A batch runner that records its batches and finishes each one when told to. */
function recorder() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<PromiseSettledResult<number>[]>((resolve) => {
      finish.push(() =>
        resolve(
          items.map((n) => (n < 0 ? { status: 'rejected', reason: new Error(`refused ${n}`) } : { status: 'fulfilled', value: n * 10 })),
        ),
      );
    });
  };
  return { batches, finish, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('runs the calls of one turn together and gathers the calls that arrive meanwhile into the next batch', async () => {
    const { batches, finish, run } = recorder();
    const group = new GroupCommit(run);
    const first = group.submit(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((n) => group.submit(n));
    await tick();
    expect(batches).toEqual([[1]]);

    finish[0]!();
    expect(await first).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('lets the callers a batch answered call again before the next batch starts (one batch, not one of one and one of the rest)', async () => {
    const { batches, finish, run } = recorder();
    const group = new GroupCommit(run);
    // Five writers, each appending again as soon as its append is answered (as a command handler loop does).
    const writer = async (n: number) => {
      await group.submit(n);
      await group.submit(n + 100);
    };
    const writers = Promise.all([1, 2, 3, 4, 5].map(writer));
    await tick();
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    finish[0]!();
    await tick();
    await tick();
    expect(batches).toEqual([[1, 2, 3, 4, 5], [101, 102, 103, 104, 105]]);
    finish[1]!();
    await writers;
  });

  it('answers every call on its own: one refusal does not fail the others of its batch', async () => {
    const { finish, run } = recorder();
    const group = new GroupCommit(run);
    const outcomes = Promise.allSettled([group.submit(2), group.submit(-3), group.submit(4)]);
    await tick();
    finish[0]!();
    expect((await outcomes).map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual([20, 'Error: refused -3', 40]);
  });

  it('rejects every call of a batch whose runner throws, and goes on with the next batch', async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return items.map((n) => ({ status: 'fulfilled', value: n }));
    });
    await expect(group.submit(1)).rejects.toThrow('connection lost');
    expect(await group.submit(2)).toBe(2);
  });

  it("runs a batch outside of its callers' async contexts (two callers of one turn: one batch)", async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      seen.push(context.getStore());
      return items.map((n) => ({ status: 'fulfilled', value: n }));
    });
    await context.run('caller 1', () => Promise.all([group.submit(1), context.run('caller 2', () => group.submit(2))]));
    expect(seen).toEqual([undefined]);
  });

  it('keeps batches within maxBatch and runs up to maxInFlight of them at once', async () => {
    const { batches, finish, run } = recorder();
    const group = new GroupCommit(run, { maxInFlight: 2, maxBatch: 2 });
    const all = Promise.all([1, 2, 3, 4, 5, 6].map((n) => group.submit(n)));
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4]]);
    finish[0]!();
    finish[1]!();
    await tick();
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4], [5, 6]]);
    finish[2]!();
    expect(await all).toEqual([10, 20, 30, 40, 50, 60]);
    expect(() => new GroupCommit(run, { maxBatch: 0 })).toThrow(/maxBatch/);
  });
});
