import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Gives the file system this many bytes in all, keeping what it holds. */
  resize: (bytes: number) => void;
  remove: () => void;
}

/** A real file system of `bytes` (tmpfs), or null where this machine may not mount one. */
export function smallDisk(bytes: number): SmallDisk | null {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-small-disk-'));
  const mount = (options: string) =>
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  try {
    mount(`size=${bytes}`);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    resize: (size) => mount(`remount,size=${size}`),
    remove: () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
