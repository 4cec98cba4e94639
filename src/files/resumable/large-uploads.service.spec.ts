import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { AccountsService } from '../../auth/accounts.service';
import { PlanLimits } from '../../auth/plans/plan-limits';
import { UsageService } from '../../auth/plans/usage.service';
import { DomainError } from '../../common/errors/domain-error';
import { Env } from '../../config/env';
import type { Tx, UnitOfWork } from '../../database/unit-of-work';
import { FilesService } from '../files.service';
import { FastUploads } from './fast-uploads';
import type { CreateLargeUploadDto } from './large-upload.dto';
import { LargeUploadStore } from './large-upload-store';
import type { LinksService } from '../../links/links.service';
import { LargeUploadsService } from './large-uploads.service';
import { UploadEnds } from './upload-ends';
import { UploadFinisher } from './upload-finisher';
import { SESSION_STATUS, UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const dto = (over: Partial<CreateLargeUploadDto> = {}) => ({
  file_name: 'big.iso',
  file_size: 4000,
  ...over,
});

describe('LargeUploadsService', () => {
  const sessions = { insert: jest.fn(), getByUploadId: jest.fn() };
  const store = { create: jest.fn(), getUpload: jest.fn() };
  const files = { recordOfLink: jest.fn() };
  const accounts = { reserveStorage: jest.fn() };
  const usage = { checkCreation: jest.fn() };
  const ends = { end: jest.fn() };
  const finisher = { finish: jest.fn() };
  const fast = { attempt: jest.fn() };
  const tx = {} as Tx;
  const uow = { run: <T>(work: (t: Tx) => Promise<T>) => work(tx) } as unknown as UnitOfWork;
  const account = { id: 7, maxFileBytes: 5000, storageQuotaBytes: 9000 } as AuthenticatedAccount;
  let service: LargeUploadsService;

  const session = (over: Partial<UploadSession> = {}) =>
    ({
      id: 3,
      uploadId: '20261126abc',
      accountId: 7,
      fileName: 'big.iso',
      fileSize: 4000,
      status: SESSION_STATUS.uploading,
      fileId: null,
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
      expiresAt: new Date(NOW + 24 * 3_600_000),
      ...over,
    }) as UploadSession;

  beforeEach(() => {
    jest.resetAllMocks();
    accounts.reserveStorage.mockResolvedValue(true);
    sessions.insert.mockImplementation((row: Partial<UploadSession>) =>
      Promise.resolve(session({ ...row })),
    );
    service = new LargeUploadsService(
      sessions as unknown as UploadSessionsRepository,
      store as unknown as LargeUploadStore,
      files as unknown as FilesService,
      new PlanLimits(accounts as unknown as AccountsService, usage as unknown as UsageService),
      uow,
      { now: () => NOW },
      { PUBLIC_URL: 'http://localhost:3000', UPLOAD_SESSION_HOURS: 24 } as Env,
      ends as unknown as UploadEnds,
      finisher as unknown as UploadFinisher,
      fast as unknown as FastUploads,
      {} as LinksService,
    );
  });

  it('should reserve the bytes and open the upload in the tus store before any arrive', async () => {
    const created = await service.create(account, dto({ password: 'pw', is_private: 1 }));
    expect(accounts.reserveStorage).toHaveBeenCalledWith(7, 4000, 9000, tx);
    const row = sessions.insert.mock.calls[0][0] as UploadSession;
    expect(JSON.parse(row.fields)).toMatchObject({ is_private: true });
    expect(JSON.parse(row.fields).password_hash).not.toBe('pw');
    expect(store.create).toHaveBeenCalled();
    expect(created).toMatchObject({
      file_size: 4000,
      fast_upload: false,
      expires_at: (NOW + 24 * 3_600_000) / 1000,
    });
    expect(created.upload_url).toBe(
      `http://localhost:3000/api/v1/file/large-file-tus/${created.upload_id}`,
    );
  });

  it('should refuse a file over the plan limit before reserving anything', async () => {
    await expect(service.create(account, dto({ file_size: 6000 }))).rejects.toMatchObject({
      status: 413,
      code: 'file_too_large',
    });
    expect(accounts.reserveStorage).not.toHaveBeenCalled();
    expect(store.create).not.toHaveBeenCalled();
  });

  it('should end the session (giving the bytes back) when the tus store cannot open the upload', async () => {
    store.create.mockRejectedValue(new Error('disk full'));
    await expect(service.create(account, dto())).rejects.toThrow('disk full');
    expect(ends.end).toHaveBeenCalledWith(expect.anything(), SESSION_STATUS.failed);
  });

  it('should make the record at once from bytes already stored (fast upload)', async () => {
    fast.attempt.mockResolvedValue({ session: session(), record: { file_id: 9 } });
    const created = await service.create(account, dto({ file_hash: 'ab'.repeat(32) }));
    expect(created).toMatchObject({
      fast_upload: true,
      upload_url: '',
      existing_file: { file_id: 9 },
    });
    expect(store.create).not.toHaveBeenCalled();
  });

  it("should answer another account's upload as if it did not exist", async () => {
    sessions.getByUploadId.mockResolvedValue(session({ accountId: 8 }));
    await expect(service.progress(7, '20261126abc')).rejects.toMatchObject({ status: 404 });
    await expect(service.cancel(7, '20261126abc')).rejects.toMatchObject({ status: 404 });
  });

  it('should report progress from the tus store, and refuse to complete before the last byte', async () => {
    sessions.getByUploadId.mockResolvedValue(session());
    store.getUpload.mockResolvedValue({ offset: 1000 });
    expect(await service.progress(7, '20261126abc')).toMatchObject({
      uploaded_size: 1000,
      progress: 25,
    });
    const early = await service.complete(account, '20261126abc').catch((e: unknown) => e);
    expect(early).toBeInstanceOf(DomainError);
    expect((early as DomainError).message).toMatch(/1000 of 4000/);
    expect(finisher.finish).not.toHaveBeenCalled();
  });

  it('should answer 410 for a cancelled upload, and the file for a completed one', async () => {
    sessions.getByUploadId.mockResolvedValueOnce(session({ status: SESSION_STATUS.cancelled }));
    await expect(service.complete(account, 'x')).rejects.toMatchObject({ status: 410 });
    sessions.getByUploadId.mockResolvedValueOnce(
      session({ status: SESSION_STATUS.completed, fileId: 9 }),
    );
    files.recordOfLink.mockResolvedValue({ file_id: 9, page: 'http://localhost:3000/big' });
    await expect(service.complete(account, 'x')).resolves.toEqual({
      file: { file_id: 9, page: 'http://localhost:3000/big' },
      short_link: 'http://localhost:3000/big',
    });
  });
});
