import type { Storage } from './storage/storage';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { AccountsService } from '../auth/accounts.service';
import { PlanLimits } from '../auth/plans/plan-limits';
import { UsageService } from '../auth/plans/usage.service';
import { DomainError } from '../common/errors/domain-error';
import { Env } from '../config/env';
import type { Tx, UnitOfWork } from '../database/unit-of-work';
import { DomainsService } from '../domains/domains.service';
import { LinksService } from '../links/links.service';
import { VisitReads } from '../analytics/visit-reads';
import type { StoredFile } from './file.entity';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { SharedBytes } from './shared-bytes';
import type { Thumbnails } from './media/thumbnails';
import type { ReceivedFile } from './upload/meter';

const received = (over: Partial<ReceivedFile> = {}): ReceivedFile => ({
  filename: 'photo.png',
  storename: 'Xy3kP0aZ9qLmN2bC.png',
  path: '/2026/11/26/0a1b2c3d4e5f/Xy3kP0aZ9qLmN2bC.png',
  mime: 'image/png',
  size: 1000,
  sha256: 'ab'.repeat(32),
  uploadSha256: 'ab'.repeat(32),
  keptMetadata: false,
  width: 10,
  height: 20,
  ...over,
});

describe('FilesService', () => {
  const files = {
    insert: jest.fn(),
    getByDeleteHash: jest.fn(),
    getByPath: jest.fn(),
  };
  const bytes = { keyFor: jest.fn(), discard: jest.fn(), findIdentical: jest.fn() };
  const links = { create: jest.fn(), remove: jest.fn() };
  const accounts = { reserveStorage: jest.fn() };
  const domains = { hostOf: jest.fn(), isCustom: jest.fn(), shortUrl: jest.fn(), scheme: 'http' };
  const tx = {} as Tx;
  const uow = { run: <T>(work: (t: Tx) => Promise<T>) => work(tx) } as unknown as UnitOfWork;
  const account = { id: 7, storageQuotaBytes: 5000 } as AuthenticatedAccount;
  let service: FilesService;

  beforeEach(() => {
    jest.resetAllMocks();
    links.create.mockResolvedValue({ id: 41, short_url: 'http://localhost:3000/pic' });
    accounts.reserveStorage.mockResolvedValue(true);
    bytes.keyFor.mockResolvedValue(null);
    service = new FilesService(
      files as unknown as FilesRepository,
      bytes as unknown as SharedBytes,
      links as unknown as LinksService,
      domains as unknown as DomainsService,
      new PlanLimits(accounts as unknown as AccountsService, {} as UsageService),
      uow,
      {} as VisitReads,
      {
        schedule: jest.fn(),
        noteUpload: jest.fn(),
        handles: (m: string) => m.startsWith('image/'),
      } as unknown as Thumbnails,
      {} as Storage,
      { PUBLIC_URL: 'http://localhost:3000/' } as Env,
    );
  });

  it('should reserve the quota, make the link and the record in one unit of work, and answer the record', async () => {
    const record = await service.persist(account, received(), { custom_slug: 'pic' });
    expect(accounts.reserveStorage).toHaveBeenCalledWith(7, 1000, 5000, tx);
    expect(links.create).toHaveBeenCalledWith(
      account,
      expect.objectContaining({ kind: 'file', title: 'photo.png', customSlug: 'pic' }),
      tx,
      expect.any(Function),
    );
    // The link's event carries the file record too.
    const describe = links.create.mock.calls[0][3] as (made: object) => { file: object };
    expect(describe({ id: 41, short_url: 'http://localhost:3000/pic' }).file).toMatchObject({
      file_id: 41,
      size: 1000,
      page: 'http://localhost:3000/pic',
    });
    const row = files.insert.mock.calls[0][0] as StoredFile;
    expect(row).toMatchObject({ linkId: 41, accountId: 7, size: 1000, isPrivate: false });
    expect(row.deleteHash).toMatch(/^[0-9a-f]{32}$/);
    expect(record).toMatchObject({
      file_id: 41,
      url: 'http://localhost:3000/u/2026/11/26/0a1b2c3d4e5f/Xy3kP0aZ9qLmN2bC.png',
      thumb_url: 'http://localhost:3000/u/2026/11/26/0a1b2c3d4e5f/Xy3kP0aZ9qLmN2bC.png.1280.webp',
      delete: `http://localhost:3000/api/v1/file/delete/${row.deleteHash}`,
      page: 'http://localhost:3000/pic',
    });
    expect(service.stored).toEqual({ files: 1, bytes: 1000 });
    expect(bytes.discard).not.toHaveBeenCalled();
  });

  it('should remove the stored bytes when any step fails, and count nothing', async () => {
    accounts.reserveStorage.mockResolvedValue(false);
    await expect(service.persist(account, received(), {})).rejects.toMatchObject({
      status: 413,
      code: 'quota_exceeded',
    });
    links.create.mockRejectedValue(new DomainError(409, 'slug_taken', 'taken'));
    accounts.reserveStorage.mockResolvedValue(true);
    await expect(service.persist(account, received(), {})).rejects.toMatchObject({ status: 409 });
    expect(bytes.discard).toHaveBeenCalledTimes(2);
    expect(files.insert).not.toHaveBeenCalled();
    expect(service.stored).toEqual({ files: 0, bytes: 0 });
  });

  it('should not reserve the quota again for a resumable upload that reserved it when it began', async () => {
    await service.persist(account, received(), {}, { reserved: true });
    expect(accounts.reserveStorage).not.toHaveBeenCalled();
  });

  it('should give a file that is not an image no thumbnail', async () => {
    const record = await service.persist(account, received({ mime: 'application/pdf' }), {});
    expect(record.thumb_url).toBe('');
  });

  it('should answer an identical upload (SM.MS) with the file stored before, and drop the new bytes', async () => {
    const existing = { linkId: 9, path: '/2026/11/25/aaaaaaaaaaaa/Old.png', mime: 'image/png' };
    bytes.findIdentical.mockResolvedValue({ ...received(), ...existing, deleteHash: 'h' });
    const got = await service.uploadOnce(account, [{ received: received() }] as never, {});
    expect(got).toMatchObject({ repeated: true, record: { file_id: 9 } });
    expect(bytes.discard).toHaveBeenCalled();
    expect(links.create).not.toHaveBeenCalled();
  });

  it('should find nothing by a delete hash or a path that is not one in form', async () => {
    await expect(service.deleteByHash('../etc')).rejects.toMatchObject({ status: 404 });
    await expect(service.getByPath('/etc/passwd')).rejects.toMatchObject({ status: 404 });
    expect(files.getByDeleteHash).not.toHaveBeenCalled();
    expect(files.getByPath).not.toHaveBeenCalled();
  });
});
