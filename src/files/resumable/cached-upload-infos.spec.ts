import { Upload } from '@tus/server';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CachedUploadInfos } from './cached-upload-infos';

describe('CachedUploadInfos', () => {
  let dir: string;
  let infos: CachedUploadInfos;
  const onDisk = (id: string) => join(dir, `${id}.json`);
  const upload = (id: string, size?: number) =>
    new Upload({ id, size, offset: 0, metadata: { filename: 'a.bin' } });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ld-tus-infos-'));
    infos = new CachedUploadInfos(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each record to disk and reads a known length from memory afterwards', async () => {
    await infos.set('a', upload('a', 10));
    expect(JSON.parse(readFileSync(onDisk('a'), 'utf8'))).toMatchObject({ id: 'a', size: 10 });
    rmSync(onDisk('a'));
    expect(await infos.get('a')).toMatchObject({ id: 'a', size: 10 });
  });

  it('reads from disk once when another process wrote the record', async () => {
    writeFileSync(onDisk('b'), JSON.stringify(upload('b', 20)));
    expect((await infos.get('b'))?.size).toBe(20);
    rmSync(onDisk('b'));
    expect((await infos.get('b'))?.size).toBe(20);
  });

  it('reads a deferred length from disk every time (another instance may declare it)', async () => {
    await infos.set('c', upload('c'));
    writeFileSync(onDisk('c'), JSON.stringify(upload('c', 30)));
    expect((await infos.get('c'))?.size).toBe(30);
  });

  it('forgets a deleted record, and an unknown one is undefined', async () => {
    await infos.set('d', upload('d', 40));
    await infos.delete('d');
    expect(await infos.get('d')).toBeUndefined();
    expect(await infos.get('never')).toBeUndefined();
  });
});
