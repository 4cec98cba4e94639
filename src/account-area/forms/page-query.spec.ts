import { lenientParse } from './page-query.decorator';
import { ShareListQuery } from './share-list.query';

describe('a page query', () => {
  it('should type the parameters it knows', () => {
    const q = lenientParse(ShareListQuery, { q: 'cats', page: '3', tag: '7', created: '12' });
    expect(q).toMatchObject({ q: 'cats', page: 3, tag: 7, created: 12 });
    expect(q).toBeInstanceOf(ShareListQuery);
  });

  it('should give a bad value its default and drop what it does not know', () => {
    const q = lenientParse(ShareListQuery, {
      q: ['a', 'b'],
      page: 'abc',
      tag: '-1',
      utm_source: 'mail',
    });
    expect(q).toMatchObject({ q: '', page: 1, tag: undefined });
    expect(q).not.toHaveProperty('utm_source');
  });

  it('should keep a search to 200 characters and a page inside 1 to 10,000', () => {
    const q = lenientParse(ShareListQuery, { q: 'x'.repeat(500), page: '99999' });
    expect(q.q).toHaveLength(200);
    expect(q.page).toBe(10_000);
    expect(lenientParse(ShareListQuery, { page: '0' }).page).toBe(1);
  });
});
