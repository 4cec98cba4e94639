import { Backlog } from './backlog';
import { RequestsInFlight } from './requests-in-flight';

describe('Backlog', () => {
  afterEach(() => (RequestsInFlight.count = 0));

  it('should work in batches until one is not full, one pass at a time', async () => {
    let waiting = 25;
    const sizes: number[] = [];
    const backlog = new Backlog(
      async () => {
        const n = Math.min(10, waiting);
        waiting -= n;
        sizes.push(n);
        await new Promise((r) => setTimeout(r, 5));
        return n;
      },
      10,
      1,
      () => undefined,
    );
    const [a, b] = await Promise.all([backlog.drain(), backlog.drain()]);
    expect(a + b).toBe(25);
    expect(sizes).toEqual([10, 10, 5, 0]);
  });

  it('should take one wake-up for many, a few milliseconds later', async () => {
    let passes = 0;
    const backlog = new Backlog(
      () => Promise.resolve(++passes && 0),
      10,
      20,
      () => undefined,
    );
    for (let i = 0; i < 100; i++) backlog.wake();
    expect(passes).toBe(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(passes).toBe(1);
    backlog.stop();
  });

  it('should give way to requests while they queue up and keep the loop busy', async () => {
    RequestsInFlight.count = 10;
    const times: number[] = [];
    const backlog = new Backlog(
      () => {
        times.push(Date.now());
        // The loop stays busy, as under load.
        const until = Date.now() + 30;
        while (Date.now() < until);
        return Promise.resolve(times.length < 3 ? 10 : 0);
      },
      10,
      1,
      () => undefined,
      100,
    );
    await backlog.drain();
    expect(times).toHaveLength(3);
    // The wait after a busy batch (the test's loop is idle then, so the next goes at once).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(95);
    RequestsInFlight.count = 0;
  });
});
