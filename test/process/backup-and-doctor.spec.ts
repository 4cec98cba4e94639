import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { exited, freePort, listening, start } from './service-process';

// The operator's backup, restore and doctor commands, against a service running beside them.
const root = join(__dirname, '..', '..');

const cli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** The CLI without blocking this process, so requests can run while it does. */
const cliAsync = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', ...args],
      { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('Backups of the SQLite database', () => {
  it('should copy the database while the service writes, and restore it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-backup-'));
    const env = { DB_URL: `sqlite:${join(dir, 'db.sqlite')}`, STORAGE_LOCAL_DIR: join(dir, 'up') };
    const port = await freePort();
    const service = start(dir, port, true);
    const token = await service.token;
    await listening(port);
    const shorten = (slug: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/shorten`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ target_url: `https://example.com/${slug}`, custom_slug: slug }),
      }).then((r) => r.status);
    try {
      expect(await shorten('before-backup')).toBe(200);
      // Links keep being made while the copy is taken.
      let writing = true;
      let made = 0;
      const writes = (async () => {
        for (let i = 0; writing; i++) {
          expect(await shorten(`during-${i}`)).toBe(200);
          made++;
        }
      })();
      const run = await cliAsync(env, 'backup', '--to', join(dir, 'copy.sqlite'));
      writing = false;
      await writes;
      expect(made).toBeGreaterThan(3);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^backup: .*db\.sqlite -> .*copy\.sqlite \(\d+ pages\)/);
      const copy = new Database(join(dir, 'copy.sqlite'), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const slugs = copy.prepare('SELECT slug FROM links').pluck().all();
      copy.close();
      expect(slugs).toContain('before-backup');

      // An existing file is never overwritten.
      const again = cli(env, 'backup', '--to', join(dir, 'copy.sqlite'));
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/exists; choose a new file name/);

      expect(await shorten('after-backup')).toBe(200);
    } finally {
      service.child.kill('SIGTERM');
      await exited(service.child);
    }
    // Restore (the service stopped), start again: the backup's links, not the later one.
    const restored = cli(env, 'restore', '--from', join(dir, 'copy.sqlite'));
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/^restore: .*copy\.sqlite -> .*db\.sqlite/);
    const again = start(dir, port, false);
    try {
      await again.token;
      await listening(port);
      const old = await fetch(`http://127.0.0.1:${port}/before-backup`, { redirect: 'manual' });
      expect(old.status).toBe(302);
      const later = await fetch(`http://127.0.0.1:${port}/after-backup`, { redirect: 'manual' });
      expect(later.status).toBe(404);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child);
    }
  });

  it('should refuse to restore a file that is not a Linkdrop database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-restore-'));
    const env = { DB_URL: `sqlite:${join(dir, 'db.sqlite')}` };
    writeFileSync(join(dir, 'junk.sqlite'), 'not a database at all, just text '.repeat(100));
    const junk = cli(env, 'restore', '--from', join(dir, 'junk.sqlite'));
    expect(junk.status).toBe(1);
    expect(junk.stderr).toMatch(/is not an SQLite database/);
    const other = new Database(join(dir, 'other.sqlite'));
    other.exec('CREATE TABLE notes (id INTEGER)');
    other.close();
    const foreign = cli(env, 'restore', '--from', join(dir, 'other.sqlite'));
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toMatch(/is not a Linkdrop database/);
    expect(cli(env, 'restore').status).toBe(2);
  });

  it('should point MySQL users to mysqldump', () => {
    const run = cli({ DB_URL: 'mysql://root@127.0.0.1:1/none' }, 'backup', '--to', '/tmp/x');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/mysqldump --single-transaction/);
  });
});

describe('The doctor', () => {
  it('should say all is well on a working setup', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-doctor-'));
    const run = cli(
      { DB_URL: `sqlite:${join(dir, 'db.sqlite')}`, STORAGE_LOCAL_DIR: join(dir, 'up') },
      'doctor',
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ok +configuration: valid/m);
    // A new database: the migrations have not run yet.
    expect(run.stdout).toMatch(
      /^warning +database \(SQLite .*\): reachable; migrations are pending/m,
    );
    expect(run.stdout).toMatch(/^ok +storage \(local folder .*\): writable, [\d.]+ GiB free$/m);
    expect(run.stdout).toMatch(/^ok +redis: not configured/m);
  });

  it('should name each broken part in plain words and exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-doctor-'));
    writeFileSync(join(dir, 'a-file'), 'x');
    const run = cli(
      {
        DB_URL: 'mysql://root@127.0.0.1:1/nothing_here',
        STORAGE_LOCAL_DIR: join(dir, 'a-file', 'uploads'),
        REDIS_URL: 'redis://:secret@127.0.0.1:1',
        PUBLIC_URL: 'http://links.example.com',
      },
      'doctor',
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^PROBLEM +database \(MySQL root@127\.0\.0\.1:1\/nothing_here\): cannot be used: .*ECONNREFUSED/m,
    );
    expect(run.stdout).toMatch(
      /^PROBLEM +storage \(local folder .*a-file\/uploads\): cannot store files: /m,
    );
    expect(run.stdout).toMatch(/^PROBLEM +redis: cannot be reached at 127\.0\.0\.1:1: /m);
    expect(run.stdout).toMatch(/^warning +PUBLIC_URL: is http:\/\//m);
    expect(run.stdout).not.toContain('secret');
  });
});
