import { Env } from '../config/env';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import { textChanges } from './text-rules';
import { Text } from './text.entity';
import { TextsRepository } from './texts.repository';
import { TextsService } from './texts.service';

const text = (over: Partial<Text> = {}): Text => ({
  linkId: 1,
  textType: 'source_code',
  language: 'python',
  content: 'print(1)',
  sizeBytes: 8,
  burnAfterRead: false,
  ...over,
});

describe('textChanges', () => {
  it('should keep the language when only other things change', () => {
    expect(textChanges(text(), { burn_after_read: true }, 100)).toEqual({ burnAfterRead: true });
    expect(textChanges(text(), { text_type: 'source_code' }, 100).language).toBe('python');
  });

  it('should detect the language again for new code, and drop it for other types', () => {
    const js = textChanges(text(), { content: 'const x = () => { return 1; };' }, 100);
    expect(js).toMatchObject({ sizeBytes: 30, language: expect.any(String) });
    expect(textChanges(text(), { text_type: 'markdown' }, 100).language).toBeNull();
  });

  it('should take a language given by alias, and refuse an unknown one', () => {
    expect(textChanges(text(), { language: 'js' }, 100).language).toBe('javascript');
    expect(() => textChanges(text(), { language: 'klingon' }, 100)).toThrow(/Unknown language/);
  });

  it('should refuse content over the limit in bytes of UTF-8', () => {
    expect(() => textChanges(text(), { content: 'é'.repeat(51) }, 100)).toThrow(
      expect.objectContaining({ code: 'content_too_large' }),
    );
  });
});

describe('TextsService.update', () => {
  it('should write the link and the text in one transaction, after every check', async () => {
    const link = { id: 1, kind: 'text', accountId: 9 } as Link;
    const tx = new Tx({} as never);
    const order: string[] = [];
    const links = {
      findOwned: jest.fn().mockResolvedValue(link),
      prepareUpdate: jest.fn(() => (order.push('prepare'), Promise.resolve({ link, changes: {} }))),
      applyUpdate: jest.fn((_: unknown, t: Tx) =>
        Promise.resolve(void order.push(t === tx ? 'link' : '?')),
      ),
      get: jest.fn().mockResolvedValue({ id: 1, title: 'T' }),
    };
    const repo = {
      getByLinkId: jest.fn().mockResolvedValue(text()),
      update: jest.fn((_: number, __: unknown, t: Tx) =>
        Promise.resolve(void order.push(t === tx ? 'text' : '?')),
      ),
    };
    const uow = {
      run: jest.fn((work: (t: Tx) => Promise<unknown>) => {
        order.push('begin');
        return work(tx);
      }),
    };
    const service = new TextsService(
      repo as unknown as TextsRepository,
      links as unknown as LinksService,
      uow as unknown as UnitOfWork,
      { TEXT_MAX_BYTES: 100 } as Env,
    );
    const dto = await service.update(9, { id: 1 }, { content: 'hello', title: 'T' });
    expect(order).toEqual(['prepare', 'begin', 'link', 'text']);
    expect(links.findOwned).toHaveBeenCalledTimes(1);
    expect(dto).toMatchObject({ id: 1, title: 'T', content: 'hello', size: 5 });
  });

  it('should write nothing when the content is refused', async () => {
    const link = { id: 1, kind: 'text', accountId: 9 } as Link;
    const links = { findOwned: jest.fn().mockResolvedValue(link), prepareUpdate: jest.fn() };
    const uow = { run: jest.fn() };
    const service = new TextsService(
      { getByLinkId: jest.fn().mockResolvedValue(text()) } as unknown as TextsRepository,
      links as unknown as LinksService,
      uow as unknown as UnitOfWork,
      { TEXT_MAX_BYTES: 4 } as Env,
    );
    await expect(service.update(9, { id: 1 }, { content: 'too long' })).rejects.toMatchObject({
      code: 'content_too_large',
    });
    expect(uow.run).not.toHaveBeenCalled();
  });
});
