import { Scheduler } from '../../common/scheduler';
import { LinksRepository } from '../links.repository';
import { ClickBuffer } from './click-buffer';

describe('ClickBuffer', () => {
  it('should write links with the same new count in one increment', async () => {
    const addClicks = jest.fn().mockResolvedValue(undefined);
    const buffer = new ClickBuffer({ addClicks } as unknown as LinksRepository, new Scheduler());
    buffer.record(1);
    buffer.record(1);
    buffer.record(2);
    buffer.record(3);
    await buffer.flush();
    expect(addClicks.mock.calls).toEqual([
      [[1], 2],
      [[2, 3], 1],
    ]);
  });

  it('should put at most 1,000 links in one increment', async () => {
    const addClicks = jest.fn().mockResolvedValue(undefined);
    const buffer = new ClickBuffer({ addClicks } as unknown as LinksRepository, new Scheduler());
    for (let id = 1; id <= 2500; id++) buffer.record(id);
    await buffer.flush();
    expect(addClicks.mock.calls.map(([ids]: [number[]]) => ids.length)).toEqual([1000, 1000, 500]);
  });

  it('should keep the counts while the database is away, and write them once it is back', async () => {
    const addClicks = jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED'));
    const buffer = new ClickBuffer({ addClicks } as unknown as LinksRepository, new Scheduler());
    buffer.record(1);
    buffer.record(2);
    await buffer.flush();
    buffer.record(1);
    await buffer.flush();
    addClicks.mockReset().mockResolvedValue(undefined);
    await buffer.flush();
    expect(addClicks.mock.calls).toEqual([
      [[1], 2],
      [[2], 1],
    ]);
  });
});
