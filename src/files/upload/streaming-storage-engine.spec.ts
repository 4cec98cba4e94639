import { PassThrough, Readable } from 'node:stream';
import { ByteRange, Storage } from '../storage/storage';
import { StreamingStorageEngine, UploadedFile } from './streaming-storage-engine';

/** Storage in memory: what was put, and what is left. */
class MemoryStorage extends Storage {
  readonly objects = new Map<string, Buffer>();
  async put(key: string, body: Readable): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    this.objects.set(key, Buffer.concat(chunks));
  }
  read(_key: string, _range?: ByteRange): Promise<Readable> {
    return Promise.reject(new Error('not used'));
  }
  delete(key: string): Promise<void> {
    this.objects.delete(key);
    return Promise.resolve();
  }
  check(): Promise<void> {
    return Promise.resolve();
  }
  sweepAbandoned(): Promise<number> {
    return Promise.resolve(0);
  }
}

const uploadLimits = { maxFileBytes: 1000, quotaLeft: 500 };

function handle(engine: StreamingStorageEngine, req: object, field: string, bytes: Buffer) {
  const stream = new PassThrough();
  stream.end(bytes);
  const file = {
    fieldname: field,
    originalname: 'a/b\u0001.txt',
    stream,
  } as unknown as Express.Multer.File;
  return new Promise<Partial<UploadedFile>>((resolve, reject) =>
    engine._handleFile(req as never, file, (e, info) => (e ? reject(e) : resolve(info!))),
  );
}

describe('StreamingStorageEngine', () => {
  const req = () => ({ uploadLimits });

  it('should store the bytes with their hash, sniffed type and clean name', async () => {
    const storage = new MemoryStorage();
    const info = await handle(
      new StreamingStorageEngine(storage),
      req(),
      'smfile',
      Buffer.from('hi'),
    );
    expect(info.received).toMatchObject({ filename: 'b.txt', mime: 'text/plain', size: 2 });
    expect(info.received?.sha256).toBe(
      '8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4',
    );
    expect(storage.objects.get(info.received!.path.slice(1))?.toString()).toBe('hi');
  });

  it('should refuse a file over the plan limit, or over what is left of the quota, storing nothing', async () => {
    const storage = new MemoryStorage();
    const engine = new StreamingStorageEngine(storage);
    await expect(handle(engine, req(), 'file', Buffer.alloc(1001, 1))).rejects.toMatchObject({
      code: 'file_too_large',
    });
    await expect(handle(engine, req(), 'file', Buffer.alloc(600, 1))).rejects.toMatchObject({
      code: 'quota_exceeded',
    });
    expect(storage.objects.size).toBe(0);
  });

  it('should refuse an unknown field, a second file and an empty file', async () => {
    const engine = new StreamingStorageEngine(new MemoryStorage());
    await expect(handle(engine, req(), 'image', Buffer.from('x'))).rejects.toMatchObject({
      message: expect.stringMatching(/Unexpected file field "image"/),
    });
    const one = req();
    await handle(engine, one, 'file', Buffer.from('x'));
    await expect(handle(engine, one, 'file', Buffer.from('y'))).rejects.toMatchObject({
      message: 'Send exactly one file per upload',
    });
    await expect(handle(engine, req(), 'file', Buffer.alloc(0))).rejects.toMatchObject({
      code: 'empty_file',
    });
  });

  it('should remove what it stored when multer asks', async () => {
    const storage = new MemoryStorage();
    const engine = new StreamingStorageEngine(storage);
    const info = await handle(engine, req(), 'file', Buffer.from('bytes'));
    await new Promise((resolve) => engine._removeFile({} as never, info, resolve));
    expect(storage.objects.size).toBe(0);
  });
});
