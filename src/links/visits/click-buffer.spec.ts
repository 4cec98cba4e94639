import { LinksRepository } from '../links.repository';
import { ClickBuffer } from './click-buffer';

describe('ClickBuffer', () => {
  it('should write one increment per link', async () => {
    const addClicks = jest.fn().mockResolvedValue(undefined);
    const buffer = new ClickBuffer({ addClicks } as unknown as LinksRepository);
    buffer.record(1);
    buffer.record(1);
    buffer.record(2);
    await buffer.flush();
    expect(addClicks.mock.calls).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('should keep the counts while the database is away, and write them once it is back', async () => {
    const addClicks = jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED'));
    const buffer = new ClickBuffer({ addClicks } as unknown as LinksRepository);
    buffer.record(1);
    buffer.record(2);
    await buffer.flush();
    buffer.record(1);
    await buffer.flush();
    addClicks.mockReset().mockResolvedValue(undefined);
    await buffer.flush();
    expect(addClicks.mock.calls.sort()).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
