import { ShareCountsRepository } from './share-counts.repository';
import { TombstonesRepository } from './tombstones/tombstones.repository';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { VisitReads } from '../analytics/visit-reads';
import { Clock } from '../common/clock';
import { DomainError } from '../common/errors/domain-error';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { DomainsService } from '../domains/domains.service';
import { TagsService } from '../tags/tags.service';
import { Link } from './link.entity';
import { LinkListsRepository } from './link-lists.repository';
import { LinksRepository } from './links.repository';
import { LinksService } from './links.service';
import { RedirectCache } from './resolve/redirect-cache';
import { UsageService } from '../auth/plans/usage.service';
import { Outbox } from '../outbox/outbox';

const domain = { id: 1, host: 'localhost:3000', accountId: null, createdAt: new Date() };

function setup() {
  const repo = {
    insert: jest.fn<Promise<number | null>, [{ slug: string }, number[], Tx?]>(),
    deleteIfExists: jest.fn().mockResolvedValue(true),
    update: jest.fn().mockResolvedValue(undefined),
    getOwned: jest.fn(),
  };
  const tx = new Tx({} as never);
  const uow = {
    run: jest.fn(async (work: (t: Tx) => Promise<unknown>) => work(tx)),
    alone: jest.fn(async (write: () => Promise<unknown>) => write()),
  };
  const events = { emitAsync: jest.fn().mockResolvedValue([]) };
  const cache = { invalidate: jest.fn() };
  const domains = {
    forCreate: () => domain,
    shortUrl: (_: number, slug: string) => `http://localhost:3000/${slug}`,
    hostOf: () => domain.host,
  };
  const tags = {
    resolveOwned: jest.fn((_: number, ids?: number[]) =>
      Promise.resolve((ids ?? []).map((id) => ({ id, name: `t${id}`, createdAt: new Date() }))),
    ),
  };
  const tombstones = { mark: jest.fn().mockResolvedValue(undefined) };
  const outbox = { record: jest.fn().mockResolvedValue(undefined) };
  const usage = {
    countCreation: jest.fn().mockResolvedValue(undefined),
    countsInTransaction: jest.fn(
      (o: { usageLimits: object }) => Object.keys(o.usageLimits).length > 0,
    ),
    countDone: jest.fn(),
  };
  const service = new LinksService(
    repo as unknown as LinksRepository,
    {} as LinkListsRepository,
    domains as unknown as DomainsService,
    tags as unknown as TagsService,
    cache as unknown as RedirectCache,
    uow as unknown as UnitOfWork,
    events as unknown as EventEmitter2,
    new Clock(),
    {
      ofLinks: (ids: number[]) => Promise.resolve(new Map(ids.map((id) => [id, 0]))),
    } as unknown as VisitReads,
    usage as unknown as UsageService,
    tombstones as unknown as TombstonesRepository,
    outbox as unknown as Outbox,
    {} as ShareCountsRepository,
  );
  return { service, repo, uow, events, cache, tx, usage, tombstones, outbox };
}

const redirect = { kind: 'redirect' as const, targetUrl: 'https://example.com/' };
const owner = { id: 1, usageLimits: {} };

describe('LinksService', () => {
  it('should try another random slug when one is taken, and grow after three misses', async () => {
    const { service, repo } = setup();
    repo.insert.mockResolvedValueOnce(null).mockResolvedValueOnce(null).mockResolvedValueOnce(null);
    repo.insert.mockResolvedValue(7);
    const link = await service.create(owner, redirect);
    const slugs = repo.insert.mock.calls.map(([values]) => values.slug);
    expect(slugs.slice(0, 3).map((s) => s.length)).toEqual([6, 6, 6]);
    expect(slugs[3]).toHaveLength(7);
    expect(link).toEqual({
      id: 7,
      slug: slugs[3],
      custom_slug: '',
      short_url: `http://localhost:3000/${slugs[3]}`,
    });
    // The next link starts at the grown length: a crowded space stays grown.
    await service.create(owner, redirect);
    expect(repo.insert.mock.calls[4][0].slug).toHaveLength(7);
  });

  it('should refuse a custom slug that is taken without trying another', async () => {
    const { service, repo } = setup();
    repo.insert.mockResolvedValue(null);
    await expect(service.create(owner, { ...redirect, customSlug: 'mine' })).rejects.toMatchObject({
      status: 409,
      code: 'slug_taken',
    });
    expect(repo.insert).toHaveBeenCalledTimes(1);
  });

  it('should refuse a reserved slug before writing anything', async () => {
    const { service, repo } = setup();
    const creating = service.create(owner, { ...redirect, customSlug: 'api' });
    await expect(creating).rejects.toBeInstanceOf(DomainError);
    await expect(creating).rejects.toMatchObject({ code: 'slug_reserved' });
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it("should insert and count inside the caller's transaction, or open its own", async () => {
    const { service, repo, uow, tx, usage } = setup();
    repo.insert.mockResolvedValue(1);
    await service.create(owner, { ...redirect, tagIds: [3] });
    expect(uow.run).toHaveBeenCalledTimes(1);
    expect(repo.insert.mock.calls[0][2]).toBe(tx);
    expect(usage.countCreation).toHaveBeenLastCalledWith(owner, 'link', tx);
    const callerTx = new Tx({} as never);
    await service.create(owner, { ...redirect, qrCode: true }, callerTx);
    expect(repo.insert.mock.calls[1][2]).toBe(callerTx);
    expect(usage.countCreation).toHaveBeenLastCalledWith(owner, 'qrcode', callerTx);
    expect(uow.run).toHaveBeenCalledTimes(1);
  });

  it('should record link.created in the transaction that inserts the link, and nothing for a refused one', async () => {
    const { service, repo, uow, outbox, tx } = setup();
    repo.insert.mockResolvedValue(1);
    await service.create(owner, redirect);
    expect(uow.run).toHaveBeenCalledTimes(1);
    expect(outbox.record).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'link.created',
        accountId: 1,
        resource: { type: 'link', id: 1 },
        data: expect.objectContaining({
          id: 1,
          target_url: 'https://example.com/',
          kind: 'redirect',
        }),
      }),
      tx,
    );
    repo.insert.mockResolvedValue(null);
    await expect(service.create(owner, { ...redirect, customSlug: 'x' })).rejects.toThrow();
    expect(outbox.record).toHaveBeenCalledTimes(1);
  });

  it("should remove a link's content through its kind's event, in the same transaction", async () => {
    const { service, repo, events, cache, tx } = setup();
    const at = new Date();
    const link = {
      id: 4,
      kind: 'file',
      domainId: 1,
      slug: 'f',
      accountId: 1,
      expireAt: null,
      createdAt: at,
      updatedAt: at,
    } as unknown as Link;
    expect(await service.remove(link)).toBe(true);
    expect(events.emitAsync).toHaveBeenCalledWith('link.removing.file', { link, tx });
    expect(repo.deleteIfExists).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }), tx);
    expect(events.emitAsync.mock.invocationCallOrder[0]).toBeLessThan(
      repo.deleteIfExists.mock.invocationCallOrder[0],
    );
    expect(cache.invalidate).toHaveBeenCalledWith(1, 'f');
  });

  it('should answer 404 when a racing request removed the link first', async () => {
    const { service, repo } = setup();
    repo.getOwned.mockResolvedValue({
      id: 4,
      kind: 'redirect',
      domainId: 1,
      slug: 's',
      expireAt: null,
    });
    repo.deleteIfExists.mockResolvedValue(false);
    await expect(service.delete(1, { id: 4 })).rejects.toMatchObject({ status: 404 });
  });

  it('should refuse a target_url on a link that is not a redirect', async () => {
    const { service } = setup();
    const text = { id: 1, kind: 'text', accountId: 1 } as Link;
    await expect(
      service.prepareUpdate(text, { targetUrl: 'https://x.example/' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
