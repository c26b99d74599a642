import { describe, expect, it } from 'vitest';
import { OrderedWrites, OutOfOrderCommit } from './ordered-writes.ts';
import type { BatchTurn } from './ordered-writes.ts';

/**
 * A stand-in for the database side of a batch: records which batches started and which
 * "committed", with a checkpoint that only moves from `from` to `to` (as advanceRecordsDone).
 */
function fakeCheckpoint(failOnce: Map<string, unknown> = new Map(), checkpoint = 0) {
  const state = { checkpoint, committed: [] as string[], started: [] as string[], inFlight: 0 };
  let maxInFlight = 0;
  const write = async (batch: string, { from, to, hasStarted }: BatchTurn) => {
    hasStarted();
    state.started.push(batch);
    state.inFlight += 1;
    maxInFlight = Math.max(maxInFlight, state.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const failure = failOnce.get(batch);
      if (failure !== undefined) {
        failOnce.delete(batch);
        throw failure;
      }
      // The compare-and-set: wait for the batch before, as its row lock would make us.
      for (let waited = 0; state.checkpoint !== from && waited < 50; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (state.checkpoint !== from) throw new OutOfOrderCommit(from);
      state.checkpoint = to;
      state.committed.push(batch);
    } finally {
      state.inFlight -= 1;
    }
  };
  return { state, write, maxInFlight: () => maxInFlight };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('OrderedWrites', () => {
  it('keeps up to the given number of batches in flight and commits them in order', async () => {
    const fake = fakeCheckpoint();
    const writes = new OrderedWrites(3, 0, fake.write);
    for (const [index, batch] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
      await writes.add(batch, (index + 1) * 10);
    }
    await writes.finish();

    expect(fake.state.committed).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(fake.state.checkpoint).toBe(60);
    expect(fake.maxInFlight()).toBe(3);
  });

  it('writes a batch that lost a deadlock again, with the ones after it, in order', async () => {
    const fake = fakeCheckpoint(new Map([['b', deadlock]]));
    const writes = new OrderedWrites(2, 0, fake.write);
    for (const [index, batch] of ['a', 'b', 'c', 'd'].entries()) {
      await writes.add(batch, (index + 1) * 10);
    }
    await writes.finish();

    expect(fake.state.committed).toEqual(['a', 'b', 'c', 'd']);
    expect(fake.state.started.filter((batch) => batch === 'b')).toHaveLength(2);
  });

  it('stops at any other failure, after the batches before it are in', async () => {
    const broken = new Error('connection lost');
    const fake = fakeCheckpoint(new Map([['c', broken]]), 100);
    const writes = new OrderedWrites(2, 100, fake.write);
    const adding = (async () => {
      for (const [index, batch] of ['a', 'b', 'c', 'd', 'e'].entries()) {
        await writes.add(batch, 100 + (index + 1) * 10);
      }
      await writes.finish();
    })();

    await expect(adding).rejects.toBe(broken);
    expect(fake.state.committed).toEqual(['a', 'b']);
    expect(fake.state.checkpoint).toBe(120);
  });
});
