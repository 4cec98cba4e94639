import { Scheduler } from './scheduler';

const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('Scheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should run a job every period until it is stopped', async () => {
    const scheduler = new Scheduler();
    const run = jest.fn();
    const job = scheduler.every('count', 100, run);
    await tick(350);
    expect(run).toHaveBeenCalledTimes(3);
    job.stop();
    await tick(500);
    expect(run).toHaveBeenCalledTimes(3);
    expect(scheduler.scheduled()).toEqual([]);
  });

  it('should never start a run while the one before is still going', async () => {
    const scheduler = new Scheduler();
    let finish!: () => void;
    const run = jest.fn(() => new Promise<void>((r) => (finish = r)));
    scheduler.every('slow', 100, run);
    await tick(450);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await tick(100);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.onApplicationShutdown();
  });

  it('should keep running after a failed run, and refuse a second job of the same name', async () => {
    const scheduler = new Scheduler();
    const run = jest.fn().mockRejectedValueOnce(new Error('database away'));
    scheduler.every('flaky', 100, run);
    await tick(250);
    expect(run).toHaveBeenCalledTimes(2);
    expect(() => scheduler.every('flaky', 100, run)).toThrow(/already scheduled/);
    expect(scheduler.scheduled()).toEqual(['flaky']);
    scheduler.onApplicationShutdown();
    expect(scheduler.scheduled()).toEqual([]);
  });
});
