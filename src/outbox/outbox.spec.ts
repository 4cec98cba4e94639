import { newEventId } from './outbox';

describe('newEventId', () => {
  it('gives 120 random bits in base64url after evt_, never twice, across refills of its pool', () => {
    const ids = Array.from({ length: 2000 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(/^evt_[A-Za-z0-9_-]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
