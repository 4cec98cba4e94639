import { DomainError } from '../../common/errors/domain-error';
import { Scheduler } from '../../common/scheduler';
import type { Tx } from '../../database/unit-of-work';
import { UsageCountersRepository } from './usage-counters.repository';
import { UsageService } from './usage.service';

/** Counters in a map, as the repository keeps them in `usage_counters`. */
function counters() {
  const rows = new Map<string, number>();
  return {
    rows,
    add: jest.fn((id: number, metric: string, periods: string[], n: number) =>
      Promise.resolve(
        periods.map((p) => {
          const key = `${id}:${metric}:${p}`;
          rows.set(key, (rows.get(key) ?? 0) + n);
          return rows.get(key)!;
        }),
      ),
    ),
    get: jest.fn((id: number, periods: string[]) => {
      const out = new Map<string, number>();
      for (const [key, n] of rows) {
        const [rowId, metric, period] = key.split(':');
        if (Number(rowId) === id && periods.includes(period)) out.set(`${metric}:${period}`, n);
      }
      return Promise.resolve(out);
    }),
    pruneBefore: jest.fn(() => Promise.resolve()),
  };
}

const NOW = Date.parse('2026-11-26T12:00:00Z');
const tx = () => {
  const after: (() => void)[] = [];
  return { tx: { afterCommit: (f: () => void) => after.push(f) } as unknown as Tx, after };
};

describe('UsageService', () => {
  let repo: ReturnType<typeof counters>;
  let usage: UsageService;
  beforeEach(() => {
    repo = counters();
    const clock = { now: () => NOW };
    usage = new UsageService(repo as unknown as UsageCountersRepository, clock, new Scheduler());
  });

  it('should count a creation the plan limits inside its transaction, and refuse the one past it', async () => {
    const owner = { id: 1, usageLimits: { link_day: 2 } };
    await usage.countCreation(owner, 'link', tx().tx);
    await usage.countCreation(owner, 'link', tx().tx);
    const third = usage.countCreation(owner, 'link', tx().tx);
    await expect(third).rejects.toMatchObject({ status: 429, code: 'plan_limit' });
    expect(repo.add).toHaveBeenCalledWith(
      1,
      'link',
      ['2026-11-26', '2026-11'],
      1,
      expect.anything(),
    );
  });

  it('should count an unlimited creation only once its transaction has committed', async () => {
    const owner = { id: 2, usageLimits: {} };
    const { tx: t, after } = tx();
    await usage.countCreation(owner, 'text', t);
    expect(repo.add).not.toHaveBeenCalled();
    expect((await usage.report(2))('text', 'day')).toBe(0); // rolled back: nothing counted
    after.forEach((f) => f());
    expect((await usage.report(2))('text', 'day')).toBe(1);
    await usage.flush();
    expect(repo.rows.get('2:text:2026-11')).toBe(1);
  });

  it('should refuse an API call past the day limit, counting the calls not yet written', async () => {
    const owner = { id: 3, usageLimits: { api_day: 3 } };
    for (let i = 0; i < 3; i++) await usage.countApiCall(owner);
    const refused = await usage.countApiCall(owner).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toMatch(/3 API calls a day/);
  });

  it('should keep counts a flush could not write, and write them with the next', async () => {
    const owner = { id: 4, usageLimits: {} };
    usage.countDone(owner, 'upload');
    repo.add.mockRejectedValueOnce(new Error('database away'));
    await usage.flush();
    usage.countDone(owner, 'upload');
    await usage.flush();
    expect(repo.rows.get('4:upload:2026-11-26')).toBe(2);
  });

  it('should refuse an upload before any byte when the plan has none left this month', async () => {
    const owner = { id: 5, usageLimits: { upload_month: 1 } };
    await usage.countCreation(owner, 'upload', tx().tx);
    await expect(usage.checkCreation(owner, 'upload')).rejects.toMatchObject({ status: 429 });
    await expect(
      usage.checkCreation({ id: 5, usageLimits: {} }, 'upload'),
    ).resolves.toBeUndefined();
  });
});
