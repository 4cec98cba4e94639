import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MARIADBD = '/usr/sbin/mariadbd';
export const canRunOwnMariaDb = () =>
  existsSync(MARIADBD) && existsSync('/usr/bin/mariadb-install-db');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/** Whether every thread of the process is stopped (state T in /proc). */
function allStopped(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).every((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return stat[stat.lastIndexOf(')') + 2] === 'T';
    });
  } catch {
    return true; // no /proc, or the process is gone
  }
}

/**
 * A MariaDB server of a test's own, on its own port and data directory, that the test may stop,
 * start again and freeze; never the shared one on 3306.
 */
export class OwnMariaDb {
  private child?: ChildProcess;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}/test_outage`;
  }

  static async start(): Promise<OwnMariaDb> {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-mariadb-'));
    const install = spawnSync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        '--user=root',
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
    const db = new OwnMariaDb(dir, await freePort());
    await db.resume();
    const create = spawnSync(
      'mariadb',
      ['-uroot', '-h127.0.0.1', `-P${db.port}`, '-e', 'CREATE DATABASE test_outage'],
      { encoding: 'utf8' },
    );
    if (create.status !== 0) throw new Error(`could not create the database: ${create.stderr}`);
    return db;
  }

  /** Starts the server (again) on the same data and port, and waits until it accepts. */
  async resume(): Promise<void> {
    this.child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${join(this.dir, 'data')}`,
        '--user=root',
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(this.dir, 'sock')}`,
        `--pid-file=${join(this.dir, 'pid')}`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=16M',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 300; i++) {
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the test MariaDB did not start');
  }

  /** A clean shutdown, as an operator's restart would do. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  /**
   * The server stops answering without closing its connections (SIGSTOP); resolves once every
   * thread has stopped (on a busy machine that is not at once).
   */
  async freeze(): Promise<void> {
    const pid = this.child?.pid;
    this.child?.kill('SIGSTOP');
    for (let i = 0; pid && i < 500 && !allStopped(pid); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
