import { WriteBehind } from './write-behind';

const counts = (
  write: (batch: Map<string, { n: number }>, written: (k: string) => void) => Promise<void>,
) =>
  new WriteBehind<string, { n: number }>({
    name: 'test counts',
    everyMs: 1000,
    maxKeys: 3,
    merge: (into, more) => (into.n += more.n),
    write,
  });

describe('WriteBehind', () => {
  it('should merge values of one key and write them in one batch', async () => {
    const seen: [string, number][] = [];
    const buffer = counts((batch, written) => {
      for (const [k, v] of batch) {
        seen.push([k, v.n]);
        written(k);
      }
      return Promise.resolve();
    });
    buffer.add('a', { n: 1 });
    buffer.add('a', { n: 2 });
    buffer.add('b', { n: 5 });
    await buffer.flush();
    expect(seen).toEqual([
      ['a', 3],
      ['b', 5],
    ]);
    expect(buffer.size).toBe(0);
  });

  it('should show what a write under way holds until it is written, and what came meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const buffer = counts(async (batch, written) => {
      await gate;
      for (const k of batch.keys()) written(k);
    });
    buffer.add('a', { n: 2 });
    const flushing = buffer.flush();
    buffer.add('a', { n: 1 });
    // Out of the waiting map and not yet stored: still counted, with what came after it.
    expect(buffer.unwritten('a')).toEqual([{ n: 1 }, { n: 2 }]);
    release();
    await flushing;
    expect(buffer.unwritten('a')).toEqual([{ n: 1 }]);
  });

  it('should read the stored values when no write is under way, so nothing is counted twice or missed', async () => {
    // The store: what writes have put there, read by a reader racing with a flush.
    const store = new Map<string, number>();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const buffer = counts(async (batch, written) => {
      await gate;
      for (const [k, v] of batch) {
        store.set(k, (store.get(k) ?? 0) + v.n);
        written(k);
      }
    });
    buffer.add('a', { n: 41 });
    const flushing = buffer.flush();
    // A read that sees the store as it is when it starts, and answers after the write ended.
    const slowRead = async () => {
      const seen = store.get('a') ?? 0;
      await flushing;
      return seen;
    };
    const total = buffer
      .readStable(slowRead)
      .then((stored) => stored + buffer.unwritten('a').reduce((n, w) => n + w.n, 0));
    release();
    await flushing;
    expect(await total).toBe(41);
  });

  it('should drop a new key past the bound, and keep adding to the keys it holds', () => {
    const buffer = counts(() => Promise.resolve());
    for (const k of ['a', 'b', 'c']) expect(buffer.add(k, { n: 1 })).toBe(true);
    expect(buffer.add('d', { n: 1 })).toBe(false);
    expect(buffer.add('a', { n: 1 })).toBe(true);
    expect(buffer.get('a')).toEqual({ n: 2 });
  });

  it('should keep what a failed write did not store, merged with what came meanwhile', async () => {
    let fail = true;
    const stored = new Map<string, number>();
    const buffer = counts(async (batch, written) => {
      for (const [k, v] of batch) {
        await Promise.resolve(); // a write each, as a repository's
        if (fail && k === 'b') throw new Error('database away');
        stored.set(k, (stored.get(k) ?? 0) + v.n);
        written(k);
      }
    });
    buffer.add('a', { n: 1 });
    buffer.add('b', { n: 2 });
    await buffer.flush();
    expect(stored).toEqual(new Map([['a', 1]]));
    buffer.add('b', { n: 3 });
    fail = false;
    await buffer.flush();
    expect(stored).toEqual(
      new Map([
        ['a', 1],
        ['b', 5],
      ]),
    );
  });
});
